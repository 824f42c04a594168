import type { TDeliveryAttempt } from '@wm/contracts';
import { RotateCcw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BackButton } from '@/components/detail-page';
import { SchemaViolationsCard } from '@/components/schema-violations-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { ShortId } from '@/components/ui/short-id';
import { Skeleton } from '@/components/ui/skeleton';
import { DeliveryStatusBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { isClientError } from '@/lib/api-client';
import { formatDateTimeSeconds, shortId } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useLog } from '../api/get-log';
import { useReactivateAndRetryLog } from '../api/reactivate-and-retry-log';
import { useRetryLog } from '../api/retry-log';
import { HttpStatusBadge } from '../components/http-status-badge';
import { SkipLogDialog } from '../components/skip-log-dialog';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <div className="text-sm">{children}</div>
    </div>
  );
}

function AttemptsTimeline({ attempts }: { attempts: TDeliveryAttempt[] }) {
  if (attempts.length === 0) return <p className="text-sm text-muted-foreground">Nenhuma tentativa ainda.</p>;
  return (
    <ol className="space-y-4 border-l pl-4" data-testid="attempts">
      {attempts.map((attempt) => (
        <li key={attempt.id} className="space-y-1">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">Tentativa {attempt.attemptNumber}</span>
            <HttpStatusBadge code={attempt.httpStatusCode} />
            <span className="text-muted-foreground">{formatDateTimeSeconds(attempt.startedAt)}</span>
            <span className="text-muted-foreground">{attempt.durationMs} ms</span>
          </div>
          {attempt.errorMessage ? <p className="text-sm text-destructive">{attempt.errorMessage}</p> : null}
          {attempt.responseBody ? <JsonView value={attempt.responseBody} className="max-h-40" /> : null}
        </li>
      ))}
    </ol>
  );
}

export default function LogDetailPage() {
  const { id = '' } = useParams();
  const log = useLog(id);
  const retry = useRetryLog();
  const reactivate = useReactivateAndRetryLog();
  const back = <BackButton to={paths.logs.list.getHref()}>Voltar para logs</BackButton>;

  if (log.isLoading) {
    return (
      <div className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!log.data) {
    return (
      <RecordFallback
        query={log}
        title="Log não encontrado"
        description={log.error && !isClientError(log.error) ? 'Erro inesperado' : undefined}
        backHref={paths.logs.list.getHref()}
        backLabel="Voltar para logs"
      />
    );
  }
  const data = log.data;
  // No worker sends to an INACTIVE or FAILED subscription, so a plain retry would be refused.
  const isSubscriptionDisabled =
    data.subscription.status === 'INACTIVE' || data.subscription.status === 'FAILED';
  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title={`Log ${shortId(data.id)}`}
        description={data.subscription.name}
        actions={
          <>
            {data.status === 'FAILED' &&
            data.orderingKey !== null &&
            !data.skippedAt &&
            data.permissions.canWrite ? (
              <SkipLogDialog logId={data.id} orderingKey={data.orderingKey} />
            ) : null}
            {data.status !== 'FAILED' ? null : !data.permissions.canWrite ? (
              <Button disabled title={messages.retryForbidden}>
                <RotateCcw />
                Tentar Novamente
              </Button>
            ) : isSubscriptionDisabled ? (
              <Button
                disabled={reactivate.isPending}
                onClick={() => reactivate.mutate({ logId: data.id, subscriptionId: data.subscription.id })}
              >
                <RotateCcw />
                Reativar e reenviar
              </Button>
            ) : (
              <Button disabled={retry.isPending} onClick={() => retry.mutate(data.id)}>
                <RotateCcw />
                Tentar Novamente
              </Button>
            )}
          </>
        }
      />
      {data.status === 'FAILED' && !data.permissions.canWrite ? (
        <p className="text-sm text-muted-foreground" data-testid="retry-forbidden-hint">
          {messages.retryForbidden}
        </p>
      ) : null}
      {data.status === 'FAILED' && data.permissions.canWrite && isSubscriptionDisabled ? (
        <p className="text-sm text-muted-foreground" data-testid="subscription-disabled-hint">
          A assinatura está {data.subscription.status === 'FAILED' ? 'desativada (Falhou)' : 'inativa'}: para
          reenviar, ela será reativada.
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Entrega</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="ID">
            <ShortId id={data.id} />
          </Field>
          <Field label="Status">
            <DeliveryStatusBadge status={data.status} />
          </Field>
          <Field label="Código HTTP">
            <HttpStatusBadge code={data.httpStatusCode} />
          </Field>
          <Field label="Criado em">{formatDateTimeSeconds(data.createdAt)}</Field>
          <Field label="Processado em">
            {!data.processedAt && data.lastAttemptAt
              ? `${formatDateTimeSeconds(data.lastAttemptAt)} (última tentativa)`
              : formatDateTimeSeconds(data.processedAt, 'Não processado')}
          </Field>
          <Field label="Tentativas">{data.attemptCount}</Field>
          {data.orderingKey !== null ? (
            <Field label="Chave de ordenação">
              <span className="font-mono text-xs" data-testid="ordering-key">
                {data.orderingKey === '' ? '(todo o evento)' : data.orderingKey}
              </span>
              {data.isWaitingForPrevious ? (
                <span className="ml-2 text-amber-600 text-xs" data-testid="waiting-for-previous">
                  Aguardando a anterior
                </span>
              ) : null}
            </Field>
          ) : null}
          {data.skippedAt ? (
            <Field label="Pulada">
              <span data-testid="skip-reason">
                {formatDateTimeSeconds(data.skippedAt)}: {data.skipReason}
              </span>
            </Field>
          ) : null}
          {data.errorMessage ? (
            <div className="sm:col-span-2 lg:col-span-3">
              <Field label="Erro">
                <span className="text-destructive">{data.errorMessage}</span>
              </Field>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Assinatura</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Nome">
            <Link
              className="font-medium underline-offset-4 hover:underline"
              to={paths.subscriptions.detail.getHref(data.subscription.id)}
            >
              {data.subscription.name}
            </Link>
          </Field>
          <Field label="Evento">
            {data.subscription.event.name}{' '}
            <span className="text-muted-foreground">({data.subscription.event.alias})</span>
          </Field>
          <Field label="URL">
            <span className="break-all font-mono text-xs">{data.subscription.targetUrl}</span>
          </Field>
          <Field label="Método">
            <span className="font-mono text-xs">{data.subscription.httpMethod}</span>
          </Field>
        </CardContent>
      </Card>

      <SchemaViolationsCard
        violations={data.schemaViolations}
        version={data.schemaVersion}
        note="Aceito porque o evento só avisa (WARN)."
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Dados do evento recebidos</CardTitle>
          </CardHeader>
          <CardContent>
            <JsonView value={data.eventDataReceived} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Payload enviado</CardTitle>
          </CardHeader>
          <CardContent>
            <JsonView value={data.payloadSent} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Corpo da resposta</CardTitle>
        </CardHeader>
        <CardContent>
          <JsonView value={data.responseBody} emptyText="Sem resposta" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Tentativas</CardTitle>
        </CardHeader>
        <CardContent>
          <AttemptsTimeline attempts={data.attempts} />
        </CardContent>
      </Card>
    </div>
  );
}
