import { Link, useParams } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import { DetailField, DetailListCard, DetailPageHeader } from '@/components/detail-page';
import { SchemaPreviewCard } from '@/components/schema-preview-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { RecordFallback } from '@/components/ui/record-fallback';
import { ShortId } from '@/components/ui/short-id';
import { Skeleton } from '@/components/ui/skeleton';
import { ActiveBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useRouteEventType } from '@/lib/get-route-event-type';
import { messages } from '@/lib/messages';
import { useEventTypeRules } from '../api/get-event-type-rules';
import { DeleteEventTypeButton } from '../components/delete-event-type-button';
import { RuleLink } from '../components/rule-link';

/** How an inbound request's body is checked against the schema. */
const SCHEMA_MODE_LABELS = {
  OFF: 'Desligada',
  WARN: 'Avisar (aceita e registra)',
  ENFORCE: 'Exigir (recusa com 422)',
} as const;

function LinkedRules({ eventTypeId, canWrite }: { eventTypeId: string; canWrite: boolean }) {
  const rules = useEventTypeRules(eventTypeId);
  return (
    <Card data-testid="event-type-rules">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Regras vinculadas</CardTitle>
          <CardDescription>Regras que escutam este tipo de evento.</CardDescription>
        </div>
        {canWrite ? (
          <CreateLinkButton size="sm" to={paths.eventRules.new.getHref({ routeEventTypeId: eventTypeId })}>
            Nova Regra
          </CreateLinkButton>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-2">
        <LoadedOrError query={rules} title={messages.rulesLoadFailed}>
          {rules.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : (rules.data ?? []).length === 0 ? (
            <EmptyState
              title="Nenhuma regra vinculada"
              description="Crie uma regra para este tipo de evento."
            />
          ) : (
            rules.data?.map((rule) => <RuleLink key={rule.id} rule={rule} />)
          )}
        </LoadedOrError>
      </CardContent>
    </Card>
  );
}

/** /routes/{routeId}/event-types/{eventTypeId}: overview, linked rules, edit and delete. */
export default function EventTypeDetailPage() {
  const { routeId = '', eventTypeId = '' } = useParams();
  const query = useRouteEventType(eventTypeId);
  const routeHref = paths.routes.detail.getHref(routeId);

  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  const eventType = query.data;
  // A type of another route is as missing as an unknown one.
  if (!eventType || eventType.routeId !== routeId) {
    return <RecordFallback query={query} title="Tipo de evento não encontrado" backHref={routeHref} />;
  }
  return (
    <div className="grid gap-6">
      <DetailPageHeader
        backHref={routeHref}
        backLabel="Voltar para a rota"
        title={eventType.name}
        description={<code>{eventType.alias}</code>}
        permissions={eventType.permissions}
        editHref={paths.routes.editEventType.getHref(routeId, eventType.id)}
        deleteButton={(placement) => <DeleteEventTypeButton record={eventType} {...placement} />}
      />
      <DetailListCard title="Visão Geral">
        <DetailField label="Nome">{eventType.name}</DetailField>
        <DetailField label="Alias">
          <code>{eventType.alias}</code>
        </DetailField>
        <DetailField label="ID">
          <ShortId id={eventType.id} />
        </DetailField>
        <DetailField label="Status">
          <ActiveBadge isActive={eventType.isActive} />
        </DetailField>
        <DetailField label="Rota">
          <Link to={routeHref} className="hover:underline">
            {eventType.route?.name ?? routeId}
          </Link>
        </DetailField>
        <DetailField label="Regras">{eventType._count?.rules ?? 0}</DetailField>
        <DetailField label="Descrição">{eventType.description || 'Sem descrição'}</DetailField>
        <DetailField label="Validação do schema">
          {SCHEMA_MODE_LABELS[eventType.schemaValidation]}
        </DetailField>
        <DetailField label="Criado em">{formatDateTime(eventType.createdAt)}</DetailField>
      </DetailListCard>
      <SchemaPreviewCard
        schema={eventType.schema}
        version={eventType.schemaVersion}
        title="Schema dos dados"
      />
      <LinkedRules eventTypeId={eventType.id} canWrite={eventType.permissions.canWrite} />
    </div>
  );
}
