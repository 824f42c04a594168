import { AppWindow, Globe, Lock, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import { LazyTrafficCharts } from '@/components/delivery-charts/lazy-delivery-charts';
import { Button } from '@/components/ui/button';
import { Card, StatCard, StatGrid } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorState } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { HOME_APPLICATION_LIMIT, useRecentApplications } from '../api/get-recent-applications';
import { ApplicationCard, ApplicationCardSkeleton } from '../components/application-card';
import { PendingInvitationsCard } from '../components/pending-invitations-card';
import { QuickLinks } from '../components/quick-links';

export default function HomePage() {
  const applications = useRecentApplications();
  const stats = applications.data?.stats;
  const total = stats?.total ?? 0;
  const isLoading = applications.isPending;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Minhas Aplicações"
        description="Suas aplicações, eventos e entregas em um só lugar."
        actions={<CreateLinkButton to={paths.applications.new.getHref()}>Nova Aplicação</CreateLinkButton>}
      />
      <PendingInvitationsCard />
      <StatGrid>
        <StatCard label="Aplicações" value={total} icon={<AppWindow />} isLoading={isLoading} />
        <StatCard label="Total de Eventos" value={stats?.events ?? 0} icon={<Zap />} isLoading={isLoading} />
        <StatCard label="Públicas" value={stats?.public ?? 0} icon={<Globe />} isLoading={isLoading} />
        <StatCard label="Privadas" value={stats?.private ?? 0} icon={<Lock />} isLoading={isLoading} />
      </StatGrid>
      <LazyTrafficCharts />

      <section className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Aplicações Recentes</h2>
          {total > HOME_APPLICATION_LIMIT ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.applications.list.getHref()}>Ver todas ({total})</Link>
            </Button>
          ) : null}
        </div>
        {isLoading ? (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: HOME_APPLICATION_LIMIT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ApplicationCardSkeleton key={index} />
            ))}
          </div>
        ) : applications.isError && !applications.data ? (
          <Card>
            <LoadErrorState
              title={messages.applicationsLoadFailed}
              error={applications.error}
              onRetry={() => applications.refetch()}
            />
          </Card>
        ) : total === 0 ? (
          <Card>
            <EmptyState
              icon={<AppWindow />}
              title={messages.noApplicationFound}
              description="Crie sua primeira aplicação para começar a enviar webhooks."
              action={
                <CreateLinkButton to={paths.applications.new.getHref()}>
                  Criar Primeira Aplicação
                </CreateLinkButton>
              }
            />
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {applications.data?.data.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </div>
        )}
      </section>

      <section className="space-y-4">
        <h2 className="text-lg font-semibold">Acesso Rápido</h2>
        <QuickLinks />
      </section>
    </div>
  );
}
