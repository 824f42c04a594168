import { EVENT_QUEUE_DEFAULTS, type TEventDetail } from '@wm/contracts';
import { List, Plus, ScrollText } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import {
  DetailField,
  DetailListCard,
  DetailPageHeader,
  DetailStatusBadge,
  JsonCard,
  QuickActionsCard,
} from '@/components/detail-page';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { PublicEventNotice } from '@/components/public-event-notice';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RecordFallback } from '@/components/ui/record-fallback';
import { ShortId } from '@/components/ui/short-id';
import { Skeleton } from '@/components/ui/skeleton';
import { EntityStatusBadge, VisibilityBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useEvent } from '../api/get-event';
import { CallbackTestCard } from '../components/callback-test-card';
import { DeleteEventButton } from '../components/delete-event-button';
import { QUEUE_TYPE_LABELS } from '../components/event-labels';
import { ProcessingTestCard } from '../components/processing-test-card';

/**
 * RabbitMQ events show every queue setting; an immediate event only the one it uses, the number of
 * automatic retries.
 */
function QueueSettingsCard({ event }: { event: TEventDetail }) {
  const maxRetries = event.maxRetries ?? EVENT_QUEUE_DEFAULTS.maxRetries;
  if (event.queueType !== 'RABBITMQ') {
    return (
      <Card data-testid="queue-settings">
        <CardHeader>
          <CardTitle>Reenvios automáticos</CardTitle>
          <CardDescription>
            {QUEUE_TYPE_LABELS[event.queueType]}: cada entrega que falha é reenviada até este limite.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4">
            <DetailField label="Máximo de tentativas">{maxRetries}</DetailField>
          </dl>
        </CardContent>
      </Card>
    );
  }
  const delay = event.delayBetweenSends ?? EVENT_QUEUE_DEFAULTS.delayBetweenSends;
  const ttlMinutes = Math.round((event.messageTtl ?? EVENT_QUEUE_DEFAULTS.messageTtl) / 60_000);
  return (
    <Card data-testid="queue-settings">
      <CardHeader>
        <CardTitle>Configurações da Fila</CardTitle>
        <CardDescription>{QUEUE_TYPE_LABELS[event.queueType]}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          <DetailField label="Intervalo entre envios">{delay} ms</DetailField>
          <DetailField label="TTL da mensagem">{ttlMinutes} min</DetailField>
          <DetailField label="Máximo de tentativas">{maxRetries}</DetailField>
          <DetailField label="Prioridade">{event.priority ?? EVENT_QUEUE_DEFAULTS.priority}</DetailField>
        </dl>
      </CardContent>
    </Card>
  );
}

/** Deliveries by status: the ones under way (retrying, pending) and ignored ones make up the total too. */
function StatisticsCard({ event }: { event: TEventDetail }) {
  const { statistics } = event;
  const items = [
    ['Assinaturas', statistics.totalSubscriptions],
    ['Assinaturas ativas', statistics.activeSubscriptions],
    ['Entregas', statistics.totalDeliveries],
    ['Sucessos', statistics.successfulDeliveries],
    ['Falhas', statistics.failedDeliveries],
    ['Reenviando', statistics.retryingDeliveries],
    ['Pendentes', statistics.pendingDeliveries],
    ['Ignoradas', statistics.ignoredDeliveries],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Estatísticas</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="event-statistics">
          {items.map(([label, value]) => (
            <DetailField key={label} label={label}>
              <span className="text-xl font-bold">{value}</span>
            </DetailField>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function RelatedSubscriptions({ event }: { event: TEventDetail }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Assinaturas</CardTitle>
          <CardDescription>{event._count.subscriptions} assinatura(s) deste evento</CardDescription>
        </div>
        <CreateLinkButton size="sm" to={paths.subscriptions.new.getHref({ eventId: event.id })}>
          Nova Assinatura
        </CreateLinkButton>
      </CardHeader>
      <CardContent className="grid gap-2">
        {event.subscriptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma assinatura para este evento.</p>
        ) : (
          event.subscriptions.map((subscription) => (
            <Link
              key={subscription.id}
              to={paths.subscriptions.detail.getHref(subscription.id)}
              className="flex items-center justify-between gap-3 rounded-md border p-3 hover:bg-muted/50"
            >
              <div className="grid min-w-0">
                <span className="text-sm font-medium">{subscription.name}</span>
                <span className="truncate font-mono text-xs text-muted-foreground">
                  {subscription.targetUrl}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <HttpMethodBadge method={subscription.httpMethod} />
                <EntityStatusBadge status={subscription.status} />
              </div>
            </Link>
          ))
        )}
      </CardContent>
    </Card>
  );
}

/** /events/{id}. */
export default function EventDetailPage() {
  const { id = '' } = useParams();
  const query = useEvent(id);
  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  const event = query.data;
  if (!event)
    return (
      <RecordFallback query={query} title={messages.eventNotFound} backHref={paths.events.list.getHref()} />
    );

  return (
    <div className="grid gap-6">
      <DetailPageHeader
        backHref={paths.events.list.getHref()}
        backLabel="Voltar para eventos"
        title={event.name}
        description={<code>{event.alias}</code>}
        permissions={event.permissions}
        editHref={paths.events.edit.getHref(event.id)}
        deleteButton={(placement) => <DeleteEventButton event={event} {...placement} />}
      />

      {event.visibility === 'PUBLIC' ? <PublicEventNotice audience="owner" /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <DetailListCard title="Informações Básicas">
            <DetailField label="Nome">{event.name}</DetailField>
            <DetailField label="Alias">
              <code>{event.alias}</code>
            </DetailField>
            <DetailField label="ID">
              <ShortId id={event.id} />
            </DetailField>
            <DetailField label="Status">
              <DetailStatusBadge status={event.status} />
            </DetailField>
            <DetailField label="Visibilidade">
              <VisibilityBadge visibility={event.visibility} />
            </DetailField>
            <DetailField label="Tipo de fila">{QUEUE_TYPE_LABELS[event.queueType]}</DetailField>
            <DetailField label="Callbacks">
              <Badge variant={event.enableCallbacks ? 'success' : 'default'}>
                {event.enableCallbacks ? 'Ativo' : 'Inativo'}
              </Badge>
            </DetailField>
            <DetailField label="URL de callback">
              <span className="break-all">{event.callbackUrl ?? 'Nenhuma'}</span>
            </DetailField>
            <DetailField label="Criado em">{formatDateTime(event.createdAt)}</DetailField>
            <DetailField label="Atualizado em">{formatDateTime(event.updatedAt)}</DetailField>
          </DetailListCard>
          <QueueSettingsCard event={event} />
          <JsonCard
            title="Template do Body"
            value={event.bodyTemplate}
            emptyText="Nenhum template: os dados emitidos são enviados."
          />
          <StatisticsCard event={event} />
          <RelatedSubscriptions event={event} />
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Aplicação</CardTitle>
            </CardHeader>
            <CardContent>
              <Link
                to={paths.applications.detail.getHref(event.application.id)}
                className="font-medium hover:underline"
              >
                {event.application.name}
              </Link>
            </CardContent>
          </Card>
          <QuickActionsCard
            actions={[
              {
                to: paths.subscriptions.new.getHref({ eventId: event.id }),
                Icon: Plus,
                label: 'Criar Assinatura',
              },
              {
                to: paths.subscriptions.list.getHref({ eventId: event.id }),
                Icon: List,
                label: 'Ver Assinaturas',
              },
              { to: paths.logs.list.getHref({ eventId: event.id }), Icon: ScrollText, label: 'Ver Logs' },
            ]}
          />
          <CallbackTestCard event={event} />
        </div>
      </div>
      {/* Full width: its results show each subscription's rendered body and the target's answer. */}
      <ProcessingTestCard event={event} />
    </div>
  );
}
