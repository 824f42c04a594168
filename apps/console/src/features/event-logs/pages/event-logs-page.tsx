import { canReprocessEventLog, EVENT_LOG_STATUSES, type EventLogStatus } from '@wm/contracts';
import { Activity, CheckCircle2, Clock, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, StatCard, StatGrid } from '@/components/ui/card';
import { FilterPanel } from '@/components/ui/filter-panel';
import { Input } from '@/components/ui/input';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { eventLogStatusLabel } from '@/components/ui/status-badges';
import { retentionNote, useRetention } from '@/lib/retention';
import { allowedFilter, useListState } from '@/lib/use-list-state';
import { useEventLogs } from '../api/get-event-logs';
import { useReprocessEventLog } from '../api/reprocess-event-log';
import { useReprocessEventLogsBatch } from '../api/reprocess-event-logs-batch';
import { EventLogsTable } from '../components/event-logs-table';

const ALL = 'ALL';
/** The status filter's options, in this order after 'all': SUCCESS, FAILED, PENDING, PROCESSING. */
const STATUS_OPTIONS: EventLogStatus[] = ['SUCCESS', 'FAILED', 'PENDING', 'PROCESSING'];

export default function EventLogsPage() {
  const retention = useRetention();
  const list = useListState({ filters: ['status'], texts: ['search', 'organizationId', 'eventType'] });
  const status = allowedFilter(EVENT_LOG_STATUSES, list.filters.status);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Another page or filter starts with nothing ticked.
  const listKey = JSON.stringify([list.page, list.filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on a change of the list only
  useEffect(() => setSelected(new Set()), [listKey]);
  const query = useEventLogs({
    page: list.page,
    status,
    organizationId: list.filters.organizationId,
    eventType: list.filters.eventType,
    search: list.filters.search,
  });
  const { data, isLoading } = query;
  const reprocess = useReprocessEventLog();
  const batch = useReprocessEventLogsBatch(() => setSelected(new Set()));

  const logs = useMemo(() => data?.data ?? [], [data]);
  // What the batch sends: ticked rows that are on screen and can still be reprocessed (a row that
  // left FAILED, or reached the attempt limit, since it was ticked drops out).
  const effective = useMemo(
    () =>
      new Set(logs.filter((log) => canReprocessEventLog(log) && selected.has(log.id)).map((log) => log.id)),
    [logs, selected],
  );
  const stats = data?.stats;
  const total = data?.pagination.total ?? 0;

  const toggle = (id: string, isChecked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (isChecked: boolean) =>
    setSelected(isChecked ? new Set(logs.filter(canReprocessEventLog).map((log) => log.id)) : new Set());
  const reprocessSelected = () => {
    if (effective.size > 0) batch.mutate([...effective]);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Log de Eventos"
        description={
          <>
            Acompanhe o processamento dos eventos na fila e reprocesse os que falharam.
            {retention.data ? <span className="block">{retentionNote(retention.data.days)}</span> : null}
          </>
        }
        actions={
          <Button
            onClick={reprocessSelected}
            disabled={batch.isPending || effective.size === 0}
            title={effective.size === 0 ? 'Selecione eventos com falha para reprocessar.' : undefined}
          >
            <RotateCcw />
            Reprocessar selecionados{effective.size > 0 ? ` (${effective.size})` : ''}
          </Button>
        }
      />

      <StatGrid>
        <StatCard label="Total" value={total} icon={<Activity />} isLoading={isLoading} />
        <StatCard
          label="Sucessos"
          value={stats?.SUCCESS ?? 0}
          icon={<CheckCircle2 />}
          isLoading={isLoading}
        />
        <StatCard label="Falhas" value={stats?.FAILED ?? 0} icon={<XCircle />} isLoading={isLoading} />
        <StatCard
          label="Pendentes"
          value={(stats?.PENDING ?? 0) + (stats?.PROCESSING ?? 0)}
          icon={<Clock />}
          isLoading={isLoading}
        />
      </StatGrid>

      <Card>
        <CardContent>
          <FilterPanel className="grid gap-3 md:grid-cols-4" activeCount={list.activeCount}>
            <SearchInput
              placeholder="Buscar por tipo, organização ou erro..."
              aria-label="Buscar"
              {...list.textInput('search')}
            />
            <Select
              value={status ?? ALL}
              onValueChange={(value) => list.setFilters({ status: value === ALL ? undefined : value })}
            >
              <SelectTrigger aria-label="Status">
                <SelectValue placeholder="Status" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Todos os status</SelectItem>
                {STATUS_OPTIONS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {eventLogStatusLabel[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Input
              placeholder="ID da organização"
              aria-label="ID da organização"
              {...list.textInput('organizationId')}
            />
            <Input
              placeholder="Tipo de evento"
              aria-label="Tipo de evento"
              {...list.textInput('eventType')}
            />
          </FilterPanel>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <LoadedOrError query={query} title="Não foi possível carregar os logs de eventos">
            <EventLogsTable
              logs={logs}
              isLoading={isLoading}
              selected={effective}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onReprocess={(id) => reprocess.mutate(id)}
              reprocessingId={reprocess.isPending ? (reprocess.variables ?? null) : null}
            />
          </LoadedOrError>
          <Pager page={list.page} totalPages={data?.pagination.totalPages ?? 1} onPageChange={list.setPage} />
        </CardContent>
      </Card>
    </div>
  );
}
