import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadErrorState } from '@/components/ui/load-error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRate, successRate, useDeliveryStats } from '@/lib/get-delivery-stats';
import { formatTick } from './chart-format';

const HOURS = 24;
const BUCKET_MINUTES = 15;

/**
 * One subscription's response time (p50 and p95 of its attempts) and success rate over the last
 * 24 h in 15-minute buckets, with the day's figures above. Loaded lazily with its chart library.
 */
export default function ResponseTimeChart({ subscriptionId }: { subscriptionId: string }) {
  const series = useDeliveryStats({ hours: HOURS, bucketMinutes: BUCKET_MINUTES, subscriptionId });
  const day = useDeliveryStats({ hours: HOURS, bucketMinutes: HOURS * 60, subscriptionId });
  if (series.isPending) return <Skeleton className="h-64 w-full" data-testid="chart-skeleton" />;
  if (series.isError && !series.data) {
    return (
      <LoadErrorState
        title="Não foi possível carregar o gráfico"
        error={series.error}
        onRetry={() => series.refetch()}
      />
    );
  }
  const points = (series.data ?? []).map((point) => {
    const rate = successRate([point]);
    return { ...point, rate: rate === null ? null : Math.round(rate * 1000) / 10 };
  });
  const [whole] = day.data ?? [];
  return (
    <div className="grid gap-3" data-testid="response-time-chart">
      <p className="text-sm text-muted-foreground" data-testid="response-time-summary">
        Últimas 24 h: p50 {whole?.p50Ms ?? '—'} ms · p95 {whole?.p95Ms ?? '—'} ms · taxa de sucesso{' '}
        {formatRate(successRate(day.data ?? []))}
      </p>
      <div className="h-48" role="img" aria-label="Tempo de resposta p50 e p95 ao longo do tempo">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="at" tickFormatter={formatTick} minTickGap={48} fontSize={11} />
            <YAxis unit=" ms" fontSize={11} />
            <Tooltip labelFormatter={(at) => formatTick(String(at))} formatter={(value) => `${value} ms`} />
            <Legend />
            <Line
              dataKey="p50Ms"
              name="p50"
              stroke="var(--color-primary)"
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
            <Line
              dataKey="p95Ms"
              name="p95"
              stroke="var(--color-warning)"
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="h-32" role="img" aria-label="Taxa de sucesso ao longo do tempo">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="at" tickFormatter={formatTick} minTickGap={48} fontSize={11} />
            <YAxis domain={[0, 100]} unit="%" fontSize={11} />
            <Tooltip labelFormatter={(at) => formatTick(String(at))} formatter={(value) => `${value}%`} />
            <Line
              dataKey="rate"
              name="Taxa de sucesso"
              stroke="var(--color-success)"
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
