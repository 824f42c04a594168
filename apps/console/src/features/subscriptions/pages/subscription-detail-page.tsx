import { FILTER_OPERATOR_LABELS } from '@wm/rules';
import { Link, useParams } from 'react-router';
import {
  DetailField,
  DetailListCard,
  DetailPageHeader,
  DetailStatusBadge,
  JsonCard,
} from '@/components/detail-page';
import { AUTH_TYPE_LABELS } from '@/components/forms/auth-details-fields';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RecordFallback } from '@/components/ui/record-fallback';
import { ShortId } from '@/components/ui/short-id';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useEventOptions } from '../api/get-event-options';
import { useSubscription } from '../api/get-subscription';
import { ClientTlsSummary } from '../components/client-tls-fields';
import { DeleteSubscriptionButton } from '../components/delete-subscription-button';
import { DisabledNotice } from '../components/disabled-notice';
import { EndpointHealthCard } from '../components/endpoint-health-card';
import { FilterTestCard } from '../components/filter-test-card';
import { RecoverFailuresButton } from '../components/recover-failures-button';
import { SigningSecretCard } from '../components/signing-secret-card';
import { SubscriptionPerformanceCard } from '../components/subscription-performance-card';
import { SubscriptionStatusControl } from '../components/subscription-status-control';
import { TestWebhookButton } from '../components/test-webhook-button';

/** /subscriptions/{id}. */
export default function SubscriptionDetailPage() {
  const { id = '' } = useParams();
  const query = useSubscription(id);
  const events = useEventOptions();
  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  const subscription = query.data;
  if (!subscription) {
    return (
      <RecordFallback
        query={query}
        title={messages.subscriptionNotFound}
        backHref={paths.subscriptions.list.getHref()}
      />
    );
  }
  const eventExamples = events.data?.find((event) => event.id === subscription.event.id)?.examples ?? [];
  return (
    <div className="grid gap-6">
      <DetailPageHeader
        backHref={paths.subscriptions.list.getHref()}
        backLabel="Voltar para assinaturas"
        title={subscription.name}
        description={subscription.targetUrl}
        permissions={subscription.permissions}
        editHref={paths.subscriptions.edit.getHref(subscription.id)}
        writeActions={
          <>
            <RecoverFailuresButton subscription={subscription} />
            <TestWebhookButton subscriptionId={subscription.id} showLabel />
          </>
        }
        deleteButton={(placement) => <DeleteSubscriptionButton record={subscription} {...placement} />}
      />
      <DisabledNotice subscription={subscription} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <DetailListCard title="Detalhes">
            <DetailField label="ID">
              <ShortId id={subscription.id} />
            </DetailField>
            <DetailField label="Status">
              {subscription.permissions.canWrite ? (
                <SubscriptionStatusControl subscription={subscription} />
              ) : (
                <DetailStatusBadge status={subscription.status} />
              )}
            </DetailField>
            <DetailField label="Evento">
              <Link to={paths.events.detail.getHref(subscription.event.id)} className="hover:underline">
                {subscription.event.name}
              </Link>{' '}
              <code className="text-xs text-muted-foreground">{subscription.event.alias}</code>
            </DetailField>
            <DetailField label="URL de destino">
              <span className="break-all font-mono text-xs">{subscription.targetUrl}</span>
            </DetailField>
            <DetailField label="Método HTTP">
              <HttpMethodBadge method={subscription.httpMethod} />
            </DetailField>
            <DetailField label="Autenticação">{AUTH_TYPE_LABELS[subscription.authType]}</DetailField>
            <DetailField label="Certificado do cliente (mTLS)">
              {subscription.clientTls ? <ClientTlsSummary clientTls={subscription.clientTls} /> : 'Nenhum'}
            </DetailField>
            <DetailField label="Tentativas">{subscription._count.attempts}</DetailField>
            <DetailField label="Criada em">{formatDateTime(subscription.createdAt)}</DetailField>
            <DetailField label="Atualizada em">{formatDateTime(subscription.updatedAt)}</DetailField>
          </DetailListCard>
          <EndpointHealthCard subscriptionId={subscription.id} />
          <SubscriptionPerformanceCard subscriptionId={subscription.id} />
          <JsonCard
            title="JSON Body"
            value={subscription.jsonBody}
            emptyText="Vazio: o payload do evento é enviado."
          />
          <Card>
            <CardHeader>
              <CardTitle>Filtros</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2" data-testid="filters-list">
              {subscription.filters.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum filtro configurado</p>
              ) : (
                subscription.filters.map((filter, index) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: filters are stored as an ordered list
                    key={index}
                    className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
                  >
                    <Badge variant="outline">{filter.origin}</Badge>
                    <code>{filter.field}</code>
                    <span className="text-muted-foreground">{FILTER_OPERATOR_LABELS[filter.operator]}</span>
                    <code>{filter.value}</code>
                  </div>
                ))
              )}
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          {subscription.secret ? (
            <SigningSecretCard
              subscriptionId={subscription.id}
              secret={subscription.secret}
              authType={subscription.authType}
              hasClientTls={subscription.clientTls !== null}
            />
          ) : null}
          <FilterTestCard filters={subscription.filters} samples={eventExamples} />
        </div>
      </div>
    </div>
  );
}
