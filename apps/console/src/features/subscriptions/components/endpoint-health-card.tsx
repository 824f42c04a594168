import type { TAttemptWindow } from '@wm/contracts';
import { DetailField, DetailListCard } from '@/components/detail-page';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useSubscriptionHealth } from '../api/get-subscription-health';
import { describeCircuit } from '../lib/circuit-state';

const percent = (rate: number | null) =>
  rate === null ? '-' : `${(rate * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
const ms = (value: number | null) => (value === null ? '-' : `${value.toLocaleString('pt-BR')} ms`);

function WindowLine({ window }: { window: TAttemptWindow }) {
  if (window.attempts === 0) return <span className="text-muted-foreground">Sem tentativas</span>;
  return (
    <span>
      {percent(window.successRate)} de sucesso em {window.attempts.toLocaleString('pt-BR')} tentativas · p50{' '}
      {ms(window.p50Ms)} · p95 {ms(window.p95Ms)}
    </span>
  );
}

/** The endpoint as the delivery engine sees it: circuit, load, limits and recent answers. */
export function EndpointHealthCard({ subscriptionId }: { subscriptionId: string }) {
  const query = useSubscriptionHealth(subscriptionId);
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  const health = query.data?.data;
  if (!health) return null;
  const circuit = describeCircuit(health.circuit);
  return (
    <div data-testid="endpoint-health">
      <DetailListCard title="Saúde do endpoint">
        <DetailField label="Circuito">
          <Badge variant={circuit.variant} data-testid="circuit-state">
            {circuit.label}
          </Badge>
        </DetailField>
        <DetailField label="Última hora">
          <WindowLine window={health.lastHour} />
        </DetailField>
        <DetailField label="Últimas 24 horas">
          <WindowLine window={health.lastDay} />
        </DetailField>
        <DetailField label="Falhas consecutivas">{health.consecutiveFailures}</DetailField>
        <DetailField label="Envios em andamento">{health.inFlight}</DetailField>
        <DetailField label="Limite por segundo">
          {health.rateLimitPerSecond === null ? 'Sem limite' : `${health.rateLimitPerSecond} por segundo`}
        </DetailField>
        <DetailField label="Máximo simultâneo">
          {health.maxInFlight === null ? 'Padrão' : health.maxInFlight}
        </DetailField>
        {health.fifo.heldKeys > 0 ? (
          <DetailField label="Chaves FIFO aguardando">
            <span data-testid="fifo-held-keys">
              {health.fifo.heldKeys} {health.fifo.heldKeys === 1 ? 'chave' : 'chaves'}, a mais antiga desde{' '}
              {formatDateTime(health.fifo.oldestHeldAt)}
            </span>
          </DetailField>
        ) : null}
      </DetailListCard>
    </div>
  );
}
