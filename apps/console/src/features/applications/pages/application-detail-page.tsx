import { MASKED_SECRET } from '@wm/contracts';
import { Bell, BookOpen, FileText, Pencil, RefreshCw, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackButton } from '@/components/detail-page';
import { OperationalEndpointsCard } from '@/components/operational-endpoints/operational-endpoints-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, StatCard } from '@/components/ui/card';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApplicationVisibilityBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useApplication } from '../api/get-application';
import { ApiKeyField } from '../components/api-key-field';
import { ApplicationEventsCard } from '../components/application-events-card';
import { ApplicationFallback } from '../components/application-fallback';
import { AuthTypeBadge } from '../components/auth-type-badge';
import { CallbackSecretCard } from '../components/callback-secret-card';
import { ConsumersCard } from '../components/consumers-card';
import { DeleteApplicationDialog } from '../components/delete-application-dialog';
import { MembersCard } from '../components/members-card';
import { OutboundProxyCard } from '../components/outbound-proxy-card';
import { PortalSettingsCard } from '../components/portal-settings-card';
import { RegenerateKeyDialog } from '../components/regenerate-key-dialog';

const SECRET_FIELDS = new Set(['password', 'token', 'value']);
const DETAIL_LABELS: Record<string, string> = {
  username: 'Usuário',
  password: 'Senha',
  token: 'Token',
  key: 'Chave',
  value: 'Valor',
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

export default function ApplicationDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const application = useApplication(id);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isRegenerating, setIsRegenerating] = useState(false);

  if (application.isPending) {
    return (
      <div className="space-y-4" data-testid="loading">
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  const app = application.data;
  if (!app) {
    return <ApplicationFallback query={application} />;
  }
  const { permissions } = app;

  return (
    <div className="space-y-6">
      <BackButton to={paths.applications.list.getHref()} />
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {app.name}
            <ApplicationVisibilityBadge visibility={app.visibility} />
          </span>
        }
        description={`ID: ${app.id}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.applications.catalog.getHref(app.id)}>
                <BookOpen />
                Catálogo
              </Link>
            </Button>
            {permissions.canWrite ? (
              <Button asChild variant="outline">
                <Link to={paths.applications.edit.getHref(app.id)}>
                  <Pencil />
                  Editar
                </Link>
              </Button>
            ) : null}
            {permissions.canDelete ? (
              <Button variant="destructive" onClick={() => setIsDeleting(true)}>
                <DeleteIcon onDestructive />
                Deletar
              </Button>
            ) : null}
          </>
        }
      />

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Eventos" value={app.statistics.totalEvents} icon={<Zap />} />
        <StatCard label="Assinaturas" value={app.statistics.totalSubscriptions} icon={<Bell />} />
        <StatCard label="Logs" value={app.statistics.totalLogs} icon={<FileText />} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Informações</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="Nome">{app.name}</Field>
              <Field label="Visibilidade">
                <ApplicationVisibilityBadge visibility={app.visibility} />
              </Field>
              <Field label="Criada em">{formatDate(app.createdAt)}</Field>
              <Field label="Atualizada em">{formatDate(app.updatedAt)}</Field>
              <Field label="Proxy de saída">
                {app.outboundProxy ? (
                  <span className="break-all font-mono text-xs">{app.outboundProxy.url}</span>
                ) : (
                  'Global do servidor'
                )}
              </Field>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>API Key</CardTitle>
            {permissions.isOwner ? (
              <Button variant="outline" size="sm" onClick={() => setIsRegenerating(true)}>
                <RefreshCw />
                Regenerar Chave
              </Button>
            ) : null}
          </CardHeader>
          <CardContent className="space-y-2">
            <ApiKeyField
              applicationId={app.id}
              apiKeyPrefix={app.apiKeyPrefix}
              canReveal={permissions.canWrite}
            />
            <p className="text-xs text-muted-foreground">
              Envie a chave no cabeçalho <code>x-api-key</code> para emitir eventos desta aplicação.
            </p>
          </CardContent>
        </Card>
      </div>

      {app.callbackUrl ? (
        <Card>
          <CardHeader>
            <CardTitle>Configuração de Callback</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="URL">
                <span className="break-all font-mono text-xs">{app.callbackUrl}</span>
              </Field>
              <Field label="Autenticação">
                <AuthTypeBadge type={app.callbackAuthType} />
              </Field>
              {Object.entries(app.callbackAuthDetails ?? {}).map(([field, value]) => (
                <Field key={field} label={DETAIL_LABELS[field] ?? field}>
                  {SECRET_FIELDS.has(field) ? MASKED_SECRET : value}
                </Field>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}

      {permissions.canWrite ? <CallbackSecretCard applicationId={app.id} /> : null}
      {permissions.canWrite ? <OperationalEndpointsCard applicationId={app.id} /> : null}
      {permissions.canWrite ? <ConsumersCard applicationId={app.id} /> : null}
      {permissions.canWrite ? <PortalSettingsCard application={app} /> : null}
      {permissions.canWrite ? <OutboundProxyCard application={app} /> : null}

      <ApplicationEventsCard application={app} />

      {permissions.isOwner ? <MembersCard applicationId={app.id} /> : null}

      <DeleteApplicationDialog
        application={isDeleting ? app : null}
        onOpenChange={setIsDeleting}
        onDeleted={() => navigate(paths.applications.list.getHref())}
      />
      <RegenerateKeyDialog application={isRegenerating ? app : null} onOpenChange={setIsRegenerating} />
    </div>
  );
}
