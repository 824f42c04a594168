import { Loader2, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { DetailField } from '@/components/detail-page';
import { SchemaViolationsCard } from '@/components/schema-violations-card';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { JsonView } from '@/components/ui/json-view';
import { ShortId } from '@/components/ui/short-id';
import { Skeleton } from '@/components/ui/skeleton';
import { EventLogStatusBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTimeSeconds } from '@/lib/format';
import { useInboundRequest } from '../api/get-inbound-request';
import { useReprocessInboundRequest } from '../api/reprocess-inbound-request';
import { InboundStatusBadge, VerificationBadge } from './inbound-request-badges';

/**
 * One received request: how it was checked, what it became, the rules logs it led to (when received
 * and at each reprocess), its headers (less credentials) and body.
 */
export function InboundRequestDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useInboundRequest(id);
  const reprocess = useReprocessInboundRequest();
  const request = query.data;
  return (
    <Dialog open={id !== null} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <DialogContent className="max-w-3xl" data-testid="inbound-request-detail">
        <DialogHeader>
          <DialogTitle>Requisição recebida</DialogTitle>
          <DialogDescription>
            {request ? `${request.method} ${request.path}` : 'Carregando a requisição...'}
          </DialogDescription>
        </DialogHeader>
        {request ? (
          <div className="grid max-h-[65vh] gap-4 overflow-y-auto">
            <dl className="grid gap-4 sm:grid-cols-2">
              <DetailField label="ID">
                <ShortId id={request.id} />
              </DetailField>
              <DetailField label="Recebida em">{formatDateTimeSeconds(request.createdAt)}</DetailField>
              <DetailField label="Status">
                <div className="grid gap-1">
                  <InboundStatusBadge status={request.status} />
                  {request.errorMessage && request.errorMessage !== request.verificationError ? (
                    <span className="text-xs text-muted-foreground">{request.errorMessage}</span>
                  ) : null}
                </div>
              </DetailField>
              <DetailField label="Verificação">
                <div className="grid gap-1">
                  <VerificationBadge request={request} />
                  {request.verificationError ? (
                    <span className="text-xs text-destructive">{request.verificationError}</span>
                  ) : null}
                </div>
              </DetailField>
              <DetailField label="Tipo de evento">{request.eventType ?? '-'}</DetailField>
              <DetailField label="ID de entrega do remetente">{request.deliveryId ?? '-'}</DetailField>
              <DetailField label="Tamanho">{`${request.sizeBytes} B (${request.contentType ?? 'sem content-type'})`}</DetailField>
            </dl>
            <SchemaViolationsCard
              violations={request.schemaViolations}
              version={request.schemaVersion}
              note={
                request.status === 'REJECTED'
                  ? 'Recusada porque o tipo de evento exige o schema (ENFORCE): nenhuma regra rodou.'
                  : 'Aceita porque o tipo de evento só avisa (WARN).'
              }
            />
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">Logs de eventos</h3>
              {request.eventLogs.length > 0 ? (
                <ul className="grid gap-2" data-testid="inbound-request-event-logs">
                  {request.eventLogs.map((log) => (
                    <li key={log.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <EventLogStatusBadge status={log.status} />
                      <Link className="hover:underline" to={paths.eventLogs.detail.getHref(log.id)}>
                        {`${log.isReprocess ? 'Reprocessamento' : 'Recebimento'} em ${formatDateTimeSeconds(log.createdAt)}`}
                      </Link>
                      <span className="text-muted-foreground">{log.eventType}</span>
                      {log.errorMessage ? <span className="text-destructive">{log.errorMessage}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">Nenhum log de eventos</p>
              )}
            </div>
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">Cabeçalhos</h3>
              <JsonView value={request.headers} />
            </div>
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">Corpo</h3>
              <JsonView value={request.body} emptyText="(vazio)" />
            </div>
          </div>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
        {request?.permissions.canWrite && request.isVerified ? (
          <DialogFooter>
            <Button onClick={() => reprocess.mutate(request.id)} disabled={reprocess.isPending}>
              {reprocess.isPending ? <Loader2 className="animate-spin" /> : <RotateCcw />}
              Reprocessar
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
