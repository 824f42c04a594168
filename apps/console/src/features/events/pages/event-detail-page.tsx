import { List, Plus, ScrollText } from 'lucide-react';
import { Link, useParams } from 'react-router';
import {
  DetailField,
  DetailListCard,
  DetailPageHeader,
  DetailStatusBadge,
  JsonCard,
  QuickActionsCard,
} from '@/components/detail-page';
import { PublicEventNotice } from '@/components/public-event-notice';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RecordFallback } from '@/components/ui/record-fallback';
import { ShortId } from '@/components/ui/short-id';
import { Skeleton } from '@/components/ui/skeleton';
import { VisibilityBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useEvent } from '../api/get-event';
import { CallbackTestCard } from '../components/callback-test-card';
import { DeleteEventButton } from '../components/delete-event-button';
import { QUEUE_TYPE_LABELS } from '../components/event-labels';
import { EventStatisticsCard } from '../components/event-statistics-card';
import { EventSubscriptionsCard } from '../components/event-subscriptions-card';
import { ProcessingTestCard } from '../components/processing-test-card';
import { QueueSettingsCard } from '../components/queue-settings-card';

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
        deleteButton={(placement) => <DeleteEventButton record={event} {...placement} />}
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
          <JsonCard
            title={`Schema do payload${event.schemaVersion ? ` (versão ${event.schemaVersion}, validação ${event.schemaValidation})` : ''}`}
            value={event.schema}
            emptyText="Nenhum schema: qualquer payload é aceito."
          />
          <EventStatisticsCard event={event} />
          <EventSubscriptionsCard event={event} />
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
