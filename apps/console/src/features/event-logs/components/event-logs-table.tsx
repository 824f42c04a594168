import { canReprocessEventLog, type TEventLog } from '@wm/contracts';
import { Eye, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { ShortId } from '@/components/ui/short-id';
import { EventLogStatusBadge } from '@/components/ui/status-badges';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatDateTimeSeconds, shortId } from '@/lib/format';
import { messages } from '@/lib/messages';
import { deliveryAttemptsText, isOrganizationSent, reprocessesText } from '../lib/event-log-text';

const COLUMNS = 9;

/** Date over time: two short lines keep the nine columns within a 1366 px screen. */
function DateTimeLines({ value, fallback }: { value: string | null; fallback?: string }) {
  if (!value) return <span className="text-muted-foreground">{fallback}</span>;
  const [date, time] = formatDateTimeSeconds(value).split(' ');
  return (
    <span className="whitespace-nowrap" title={formatDateTimeSeconds(value)}>
      {date}
      <span className="block text-xs text-muted-foreground">{time}</span>
    </span>
  );
}

/** Only FAILED rows below the attempt limit can be selected for the batch reprocess. */
export function EventLogsTable({
  logs,
  isLoading,
  selected,
  onToggle,
  onToggleAll,
  onReprocess,
  reprocessingId,
}: {
  logs: TEventLog[];
  isLoading: boolean;
  selected: Set<string>;
  onToggle: (id: string, isChecked: boolean) => void;
  onToggleAll: (isChecked: boolean) => void;
  onReprocess: (id: string) => void;
  reprocessingId: string | null;
}) {
  const selectable = logs.filter(canReprocessEventLog);
  const isAllSelected = selectable.length > 0 && selectable.every((log) => selected.has(log.id));
  if (!isLoading && logs.length === 0) return <EmptyState title="Nenhum log de evento encontrado" />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <Checkbox
              aria-label="Selecionar todos os eventos com falha"
              checked={isAllSelected}
              disabled={selectable.length === 0}
              onCheckedChange={(value) => onToggleAll(value === true)}
            />
          </TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Tipo de Evento</TableHead>
          <TableHead>Organização</TableHead>
          <TableHead>Tentativas</TableHead>
          <TableHead>Erro</TableHead>
          <TableHead>Criado em</TableHead>
          <TableHead>Processado em</TableHead>
          <TableHead className="text-right" isPinned>
            Ações
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isLoading ? (
          <TableSkeletonRows columns={COLUMNS} />
        ) : (
          logs.map((log) => (
            <TableRow key={log.id} data-testid="event-log-row">
              <TableCell>
                <Checkbox
                  aria-label={`Selecionar evento ${shortId(log.eventId)}`}
                  checked={selected.has(log.id)}
                  disabled={!canReprocessEventLog(log)}
                  title={
                    log.status === 'FAILED' && !canReprocessEventLog(log)
                      ? messages.attemptLimitReached
                      : undefined
                  }
                  onCheckedChange={(value) => onToggle(log.id, value === true)}
                />
              </TableCell>
              <TableCell label="Status">
                <EventLogStatusBadge status={log.status} />
              </TableCell>
              <TableCell label="Tipo de Evento">
                <div className="font-medium">{log.eventType}</div>
                <ShortId id={log.eventId} className="text-muted-foreground" />
              </TableCell>
              <TableCell label="Organização">
                {isOrganizationSent(log) ? (
                  <ShortId id={log.organizationId} kind="organization" isCopyable={false} />
                ) : (
                  <span className="text-muted-foreground" title="Nenhuma organização enviada">
                    —
                  </span>
                )}
              </TableCell>
              <TableCell label="Tentativas" className="whitespace-nowrap text-xs">
                <div>Entregas: {deliveryAttemptsText(log)}</div>
                <div className="text-muted-foreground">Reprocessos: {reprocessesText(log)}</div>
              </TableCell>
              {log.errorMessage ? (
                <TableCell
                  label="Erro"
                  className="max-w-36 truncate text-destructive"
                  title={log.errorMessage}
                >
                  {log.errorMessage}
                </TableCell>
              ) : (
                <TableCell label="Erro" className="text-muted-foreground">
                  —
                </TableCell>
              )}
              <TableCell label="Criado em">
                <DateTimeLines value={log.createdAt} />
              </TableCell>
              <TableCell label="Processado em">
                <DateTimeLines value={log.processedAt} fallback="Não processado" />
              </TableCell>
              <TableCell isPinned>
                <div className="flex justify-end gap-1">
                  <Button asChild variant="ghost" size="icon" title="Ver detalhes">
                    <Link to={paths.eventLogs.detail.getHref(log.id)} aria-label="Ver detalhes">
                      <Eye />
                    </Link>
                  </Button>
                  {canReprocessEventLog(log) ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      title="Reprocessar"
                      aria-label="Reprocessar"
                      disabled={reprocessingId === log.id}
                      onClick={() => onReprocess(log.id)}
                    >
                      <RotateCcw />
                    </Button>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
