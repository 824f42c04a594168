import { canReprocessEventLog, type TEventLog } from '@wm/contracts';
import { AlertTriangle, ArrowLeft, CheckCircle2, Clock, Loader2, RotateCcw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SchemaViolationsCard } from '@/components/schema-violations-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { EventLogStatusBadge, formatQueueType } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTimeSeconds } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useEventLog } from '../api/get-event-log';
import { useReprocessEventLog } from '../api/reprocess-event-log';
import { RuleEvaluationsCard } from '../components/rule-evaluations-card';
import { deliveryAttemptsText, isOrganizationSent, reprocessesText } from '../lib/event-log-text';

const NOT_PROCESSED = 'Não processado';

const statusIcon: Record<string, ReactNode> = {
  SUCCESS: <CheckCircle2 className="size-5 text-success" />,
  FAILED: <XCircle className="size-5 text-destructive" />,
  PENDING: <Clock className="size-5 text-warning" />,
  PROCESSING: <Loader2 className="size-5 animate-spin text-warning" />,
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <div className="text-sm break-all">{children}</div>
    </div>
  );
}

function IdField({ label, value }: { label: string; value: string }) {
  return (
    <Field label={label}>
      <span className="flex items-center gap-1 font-mono text-xs">
        {value}
        <CopyButton value={value} successDescription={messages.idCopied} />
      </span>
    </Field>
  );
}

function ReprocessAction({ log }: { log: TEventLog }) {
  const reprocess = useReprocessEventLog();
  if (canReprocessEventLog(log)) {
    return (
      <Button className="w-full" onClick={() => reprocess.mutate(log.id)} disabled={reprocess.isPending}>
        <RotateCcw />
        Reprocessar
      </Button>
    );
  }
  if (log.status === 'FAILED') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <AlertTriangle className="size-4 text-warning" />
        Limite de tentativas atingido
      </p>
    );
  }
  return null;
}

export default function EventLogDetailPage() {
  const { id = '' } = useParams();
  const query = useEventLog(id);
  const { data: log, isLoading } = query;

  if (isLoading) {
    return (
      <div className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!log) {
    return (
      <RecordFallback
        query={query}
        title="Log de evento não encontrado"
        backHref={paths.eventLogs.list.getHref()}
        backLabel="Voltar para o Log de Eventos"
      />
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Button asChild variant="ghost" size="icon" aria-label="Voltar">
              <Link to={paths.eventLogs.list.getHref()}>
                <ArrowLeft />
              </Link>
            </Button>
            Detalhes do Log de Evento
          </span>
        }
        description={log.eventType}
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                {statusIcon[log.status]}
                Status
                <EventLogStatusBadge status={log.status} />
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field label="Tentativas de entrega">{deliveryAttemptsText(log)}</Field>
              <Field label="Reprocessamentos">{reprocessesText(log)}</Field>
              <Field label="Criado em">{formatDateTimeSeconds(log.createdAt)}</Field>
              <Field label="Processado em">{formatDateTimeSeconds(log.processedAt, NOT_PROCESSED)}</Field>
              <IdField label="ID do Evento" value={log.eventId} />
              <Field label="Tipo de Evento">{log.eventType}</Field>
              <Field label="ID da Organização">
                {isOrganizationSent(log) ? (
                  log.organizationId
                ) : (
                  <span>
                    —{' '}
                    <span className="text-xs text-muted-foreground">(não enviado; vale o da aplicação)</span>
                  </span>
                )}
              </Field>
              {log.externalEventId ? <Field label="ID Externo">{log.externalEventId}</Field> : null}
              {log.queueType ? <Field label="Tipo de Fila">{formatQueueType(log.queueType)}</Field> : null}
            </CardContent>
          </Card>

          {log.errorMessage ? (
            <Card className="border-destructive/40">
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-destructive">
                  <XCircle className="size-5" />
                  Mensagem de Erro
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm whitespace-pre-wrap text-destructive" data-testid="event-log-error">
                  {log.errorMessage}
                </p>
              </CardContent>
            </Card>
          ) : null}

          <SchemaViolationsCard
            violations={log.schemaViolations}
            version={log.schemaVersion}
            note="Aceito porque o tipo de evento só avisa (WARN); as regras rodaram sobre ele."
          />

          {log.ruleEvaluations ? <RuleEvaluationsCard evaluations={log.ruleEvaluations} /> : null}

          <Card>
            <CardHeader>
              <CardTitle>Payload</CardTitle>
            </CardHeader>
            <CardContent>
              <JsonView value={log.payload} />
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Ações Rápidas</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2">
              <ReprocessAction log={log} />
              <Button asChild variant="outline" className="w-full">
                <Link to={paths.eventLogs.list.getHref()}>Voltar para a lista</Link>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Resumo</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <Field label="Status">
                <EventLogStatusBadge status={log.status} />
              </Field>
              <Field label="Tentativas de entrega">{deliveryAttemptsText(log)}</Field>
              <Field label="Reprocessamentos">{reprocessesText(log)}</Field>
              <Field label="Última atualização">{formatDateTimeSeconds(log.updatedAt)}</Field>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>IDs Técnicos</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <IdField label="ID do Log" value={log.id} />
              <IdField label="ID do Evento" value={log.eventId} />
              <IdField label="ID da Aplicação" value={log.applicationId} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
