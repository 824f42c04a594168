import { canReprocessEventLog, EVENT_LOG_STATUSES, type EventLogStatus, type TEventLog } from '@wm/contracts';
import { Activity, CheckCircle2, Clock, RotateCcw, Search, XCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, StatCard } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { eventLogStatusLabel } from '@/components/ui/status-badges';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useEventLogs } from '../api/get-event-logs';
import { useReprocessEventLog } from '../api/reprocess-event-log';
import { useReprocessEventLogsBatch } from '../api/reprocess-event-logs-batch';
import { EventLogsTable } from '../components/event-logs-table';

const ALL = 'ALL';
/** The status filter's options, in this order after 'all': SUCCESS, FAILED, PENDING, PROCESSING. */
const STATUS_OPTIONS: EventLogStatus[] = ['SUCCESS', 'FAILED', 'PENDING', 'PROCESSING'];
type FilterKey = 'status' | 'organizationId' | 'eventType' | 'page';

/** The free-text search: event type, organization id and error, on the loaded page only. */
const matchesSearch = (log: TEventLog, term: string) => {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [log.eventType, log.organizationId, log.errorMessage ?? ''].some((value) =>
    value.toLowerCase().includes(needle),
  );
};

const isStatus = (value: string | null): value is EventLogStatus =>
  (EVENT_LOG_STATUSES as readonly string[]).includes(value ?? '');

/** A text filter typed into a box, sent to the server (and kept in the URL) once typing pauses. */
function useTextFilter(value: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim());
  // Only a settled change of the typed text writes the filter; the URL changing alone must not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the settled text only (see above)
  useEffect(() => {
    if (settled !== value) onSettled(settled);
  }, [settled]);
  return [text, setText] as const;
}

export default function EventLogsPage() {
  // Filters and page live in the URL, so coming back from a detail finds the list as it was left.
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = Number(searchParams.get('page') ?? 1) || 1;
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const setFilter = (key: FilterKey, value: string | undefined) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });
    setSelected(new Set());
  };
  const [organizationId, setOrganizationId] = useTextFilter(
    searchParams.get('organizationId') ?? '',
    (value) => setFilter('organizationId', value),
  );
  const [eventType, setEventType] = useTextFilter(searchParams.get('eventType') ?? '', (value) =>
    setFilter('eventType', value),
  );

  const query = useEventLogs({
    page,
    status,
    organizationId: searchParams.get('organizationId') || undefined,
    eventType: searchParams.get('eventType') || undefined,
  });
  const { data, isLoading } = query;
  const reprocess = useReprocessEventLog();
  const batch = useReprocessEventLogsBatch(() => setSelected(new Set()));

  const logs = useMemo(() => (data?.data ?? []).filter((log) => matchesSearch(log, search)), [data, search]);
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
        description="Acompanhe o processamento dos eventos na fila e reprocesse os que falharam."
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

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
      </div>

      <Card>
        <CardContent className="grid gap-3 md:grid-cols-4">
          <div className="relative">
            <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
            <Input
              className="pl-9"
              placeholder="Buscar por tipo, organização ou erro..."
              aria-label="Buscar"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Select
            value={status ?? ALL}
            onValueChange={(value) => setFilter('status', value === ALL ? undefined : value)}
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
            value={organizationId}
            onChange={(event) => setOrganizationId(event.target.value)}
          />
          <Input
            placeholder="Tipo de evento"
            aria-label="Tipo de evento"
            value={eventType}
            onChange={(event) => setEventType(event.target.value)}
          />
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
          <Pager
            page={page}
            totalPages={data?.pagination.totalPages ?? 1}
            onPageChange={(next) => setFilter('page', String(next))}
          />
        </CardContent>
      </Card>
    </div>
  );
}
