import { DELIVERY_STATUSES, type TDeliveryLogListItem } from '@wm/contracts';
import { CheckCircle2, Clock, Eye, List, RotateCcw, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { LazyTrafficCharts } from '@/components/delivery-charts/lazy-delivery-charts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, StatCard, StatGrid } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterPanel } from '@/components/ui/filter-panel';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { ShortId } from '@/components/ui/short-id';
import { deliveryStatusLabel } from '@/components/ui/status-badges';
import { type Column, DataTable } from '@/components/ui/table';
import { UrlText } from '@/components/ui/url-text';
import { paths } from '@/config/paths';
import { formatDateTimeSeconds } from '@/lib/format';
import { messages } from '@/lib/messages';
import { retentionNote, useRetention } from '@/lib/retention';
import { allowedFilter, useListState } from '@/lib/use-list-state';
import { useEventOptions, useSubscriptionOptions } from '../api/get-log-filters';
import { type LogFilters, useLogs } from '../api/get-logs';
import { useRetryLog } from '../api/retry-log';
import { DeliveryStatusIcon } from '../components/delivery-status-icon';
import { HttpStatusBadge } from '../components/http-status-badge';

/** When it was processed; a RETRYING delivery that got an answer shows its last attempt's time. */
function ProcessedAt({ log }: { log: TDeliveryLogListItem }) {
  if (!log.processedAt && log.lastAttemptAt) {
    return (
      <span title="Última tentativa; a entrega será tentada de novo">
        {formatDateTimeSeconds(log.lastAttemptAt)}
        <span className="block text-xs text-muted-foreground">última tentativa</span>
      </span>
    );
  }
  return formatDateTimeSeconds(log.processedAt, 'Não processado');
}

export default function LogsPage() {
  const retention = useRetention();
  const list = useListState({
    filters: ['subscriptionId', 'eventId', 'status', 'startDate', 'endDate', 'occurrenceId'],
    texts: ['search'],
  });
  const { search, ...listFilters } = list.filters;
  const filters: LogFilters = {
    page: list.page,
    ...listFilters,
    status: allowedFilter(DELIVERY_STATUSES, listFilters.status),
    search,
  };
  const logs = useLogs(filters);
  const subscriptions = useSubscriptionOptions();
  const events = useEventOptions();
  const retry = useRetryLog();

  const setFilter = (key: keyof typeof listFilters, value: string | undefined) =>
    list.setFilters({ [key]: value });

  const stats = logs.data?.stats;
  const rows = logs.data?.data;

  const columns: Column<TDeliveryLogListItem>[] = [
    {
      header: 'Status',
      cell: (log) => (
        <div className="flex items-center gap-2">
          <DeliveryStatusIcon status={log.status} />
          {log.isWaitingForPrevious ? (
            <span className="text-amber-600 text-xs" data-testid="waiting-for-previous">
              Aguardando a anterior
            </span>
          ) : null}
          {log.skippedAt ? <span className="text-muted-foreground text-xs">Pulada</span> : null}
        </div>
      ),
    },
    { header: 'Assinatura', cell: (log) => <span className="font-medium">{log.subscription.name}</span> },
    {
      header: 'Evento',
      cell: (log) => (
        <div className="grid">
          <span>{log.subscription.event.name}</span>
          {log.orderingKey !== null ? (
            <span className="font-mono text-muted-foreground text-xs" title="Chave de ordenação (FIFO)">
              chave: {log.orderingKey === '' ? '(todo o evento)' : log.orderingKey}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      header: 'URL',
      cell: (log) => <UrlText url={log.subscription.targetUrl} />,
    },
    {
      header: 'Método',
      cell: (log) => <span className="font-mono text-xs">{log.subscription.httpMethod}</span>,
    },
    { header: 'HTTP', cell: (log) => <HttpStatusBadge code={log.httpStatusCode} /> },
    { header: 'Processado em', cell: (log) => <ProcessedAt log={log} /> },
    {
      header: 'Ações',
      className: 'text-right',
      isActions: true,
      cell: (log) => (
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="icon" aria-label="Ver detalhes">
            <Link to={paths.logs.detail.getHref(log.id)}>
              <Eye />
            </Link>
          </Button>
          {log.status === 'FAILED' ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Reenviar"
              disabled={retry.isPending || !log.permissions.canWrite}
              title={log.permissions.canWrite ? 'Reenviar' : messages.retryForbidden}
              onClick={() => retry.mutate(log.id)}
            >
              <RotateCcw />
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Log de Assinaturas"
        description={
          <>
            Acompanhe as entregas de webhooks das suas assinaturas.
            {retention.data ? <span className="block">{retentionNote(retention.data.days)}</span> : null}
          </>
        }
      />

      <StatGrid>
        <StatCard
          label="Total"
          value={logs.data?.pagination.total ?? 0}
          icon={<List />}
          isLoading={logs.isLoading}
        />
        <StatCard
          label="Sucessos"
          value={stats?.SUCCESS ?? 0}
          icon={<CheckCircle2 />}
          isLoading={logs.isLoading}
        />
        <StatCard label="Falhas" value={stats?.FAILED ?? 0} icon={<XCircle />} isLoading={logs.isLoading} />
        <StatCard
          label="Pendentes"
          value={(stats?.PENDING ?? 0) + (stats?.RETRYING ?? 0)}
          icon={<Clock />}
          isLoading={logs.isLoading}
        />
      </StatGrid>

      {filters.occurrenceId ? (
        <Card data-testid="occurrence-filter">
          <CardContent className="flex flex-wrap items-center justify-between gap-2 pt-6 text-sm">
            <span>
              Entregas de uma ocorrência: <ShortId id={filters.occurrenceId} />
            </span>
            <Button variant="outline" size="sm" onClick={() => setFilter('occurrenceId', undefined)}>
              Ver todas
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardContent className="pt-6">
          <FilterPanel className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6" activeCount={list.activeCount}>
            <div className="space-y-2 lg:col-span-2">
              <Label htmlFor="logs-search">Buscar</Label>
              <Input id="logs-search" placeholder="Assinatura, URL ou evento" {...list.textInput('search')} />
            </div>
            <div className="space-y-2">
              <Label>Assinatura</Label>
              <FilterSelect
                aria-label="Assinatura"
                allLabel="Todas"
                value={filters.subscriptionId}
                onChange={(value) => setFilter('subscriptionId', value)}
                options={(subscriptions.data?.data ?? []).map((option) => ({
                  value: option.id,
                  label: option.name,
                }))}
              />
            </div>
            <div className="space-y-2">
              <Label>Evento</Label>
              <FilterSelect
                aria-label="Evento"
                allLabel="Todos"
                value={filters.eventId}
                onChange={(value) => setFilter('eventId', value)}
                options={(events.data?.data ?? []).map((option) => ({
                  value: option.id,
                  label: option.name,
                }))}
              />
            </div>
            <div className="space-y-2">
              <Label>Status</Label>
              <FilterSelect
                aria-label="Status"
                allLabel="Todos"
                value={filters.status}
                onChange={(value) => setFilter('status', value)}
                options={DELIVERY_STATUSES.map((status) => ({
                  value: status,
                  label: deliveryStatusLabel[status],
                }))}
              />
            </div>
            <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-6 lg:max-w-md">
              <div className="space-y-2">
                <Label htmlFor="logs-start">Data inicial</Label>
                <DateField
                  id="logs-start"
                  value={filters.startDate}
                  onChange={(value) => setFilter('startDate', value)}
                  calendarLabel="Escolher data inicial"
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="logs-end">Data final</Label>
                <DateField
                  id="logs-end"
                  value={filters.endDate}
                  onChange={(value) => setFilter('endDate', value)}
                  calendarLabel="Escolher data final"
                />
              </div>
            </div>
          </FilterPanel>
        </CardContent>
      </Card>

      <Card>
        <CardContent className="pt-6">
          <LoadedOrError query={logs} title="Não foi possível carregar os logs">
            <DataTable
              columns={columns}
              data={rows}
              isLoading={logs.isLoading}
              getRowKey={(log) => log.id}
              empty={<EmptyState title="Nenhum log encontrado" />}
            />
          </LoadedOrError>
          <Pager
            page={list.page}
            totalPages={logs.data?.pagination.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        </CardContent>
      </Card>

      {/* Below the list, the screen's first concern: the rows stay in sight on a phone. */}
      <LazyTrafficCharts />
    </div>
  );
}
