import { EVENT_LOG_STATUSES, type EventLogStatus, type TEventLog } from '@wm/contracts';
import { Activity, CheckCircle2, Clock, RotateCcw, Search, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, StatCard } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { eventLogStatusLabel } from '@/components/ui/status-badges';
import { useEventLogs } from '../api/get-event-logs';
import { useReprocessEventLog } from '../api/reprocess-event-log';
import { useReprocessEventLogsBatch } from '../api/reprocess-event-logs-batch';
import { EventLogsTable } from '../components/event-logs-table';

const ALL = 'ALL';

/** The free-text search of the spec: event type, organization id and error, on the loaded page only. */
const matchesSearch = (log: TEventLog, term: string) => {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [log.eventType, log.organizationId, log.errorMessage ?? ''].some((value) =>
    value.toLowerCase().includes(needle),
  );
};

export default function EventLogsPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<EventLogStatus | typeof ALL>(ALL);
  const [organizationId, setOrganizationId] = useState('');
  const [eventType, setEventType] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const { data, isLoading } = useEventLogs({
    page,
    status: status === ALL ? undefined : status,
    organizationId: organizationId.trim() || undefined,
    eventType: eventType.trim() || undefined,
  });
  const reprocess = useReprocessEventLog();
  const batch = useReprocessEventLogsBatch(() => setSelected(new Set()));

  const logs = useMemo(() => (data?.data ?? []).filter((log) => matchesSearch(log, search)), [data, search]);
  const stats = data?.stats;
  const total = data?.pagination.total ?? 0;

  const resetPage = () => {
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: string, isChecked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (isChecked: boolean) =>
    setSelected(
      isChecked ? new Set(logs.filter((log) => log.status === 'FAILED').map((log) => log.id)) : new Set(),
    );
  const reprocessSelected = () => {
    if (selected.size === 0) {
      toast.error('Nenhum evento selecionado');
      return;
    }
    batch.mutate([...selected]);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Log de Eventos"
        description="Acompanhe o processamento dos eventos na fila e reprocesse os que falharam."
        actions={
          <Button onClick={reprocessSelected} disabled={batch.isPending}>
            <RotateCcw />
            Reprocessar selecionados{selected.size > 0 ? ` (${selected.size})` : ''}
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
            value={status}
            onValueChange={(value) => {
              setStatus(value as EventLogStatus | typeof ALL);
              resetPage();
            }}
          >
            <SelectTrigger aria-label="Status">
              <SelectValue placeholder="Status" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos os status</SelectItem>
              {EVENT_LOG_STATUSES.map((value) => (
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
            onChange={(event) => {
              setOrganizationId(event.target.value);
              resetPage();
            }}
          />
          <Input
            placeholder="Tipo de evento"
            aria-label="Tipo de evento"
            value={eventType}
            onChange={(event) => {
              setEventType(event.target.value);
              resetPage();
            }}
          />
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <EventLogsTable
            logs={logs}
            isLoading={isLoading}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onReprocess={(id) => reprocess.mutate(id)}
            reprocessingId={reprocess.isPending ? (reprocess.variables ?? null) : null}
          />
          <Pager page={page} totalPages={data?.pagination.totalPages ?? 1} onPageChange={setPage} />
        </CardContent>
      </Card>
    </div>
  );
}
