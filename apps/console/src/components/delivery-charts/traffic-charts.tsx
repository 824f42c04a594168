import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorState } from '@/components/ui/load-error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRate, successRate, useDeliveryStats } from '@/lib/get-delivery-stats';
import { formatTick, mergePoints, STACKED_STATUSES, totalsOf } from './chart-format';

/**
 * Deliveries per minute over the last 24 h, stacked by status (attempts by outcome, deliveries still
 * pending and ignored), and the success rate hour by hour: on the home page and the Logs. Loaded
 * lazily with its chart library, only where it shows.
 */
export default function TrafficCharts() {
  const stats = useDeliveryStats({ hours: 24, bucketMinutes: 1 });
  const points = stats.data ?? [];
  const totals = totalsOf(points);
  const hourly = mergePoints(points, 60).map((point) => {
    const rate = successRate([point]);
    return { at: point.at, rate: rate === null ? null : Math.round(rate * 1000) / 10 };
  });
  return (
    <Card data-testid="traffic-charts">
      <CardHeader>
        <CardTitle>Entregas por minuto (últimas 24 h)</CardTitle>
        <CardDescription>
          Tentativas por resultado, entregas pendentes e ignoradas, minuto a minuto, nas assinaturas que você
          pode ver.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stats.isPending ? (
          <Skeleton className="h-72 w-full" data-testid="chart-skeleton" />
        ) : stats.isError && !stats.data ? (
          <LoadErrorState
            title="Não foi possível carregar o gráfico"
            error={stats.error}
            onRetry={() => stats.refetch()}
          />
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="traffic-summary">
              {STACKED_STATUSES.map(({ key, label }) => `${label}: ${totals[key]}`).join(' · ')} · Taxa de
              sucesso: <span data-testid="success-rate">{formatRate(successRate(points))}</span>
            </p>
            <div className="h-56" role="img" aria-label="Entregas por minuto, empilhadas por status">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="at" tickFormatter={formatTick} minTickGap={48} fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} />
                  <Tooltip labelFormatter={(at) => formatTick(String(at))} />
                  <Legend />
                  {STACKED_STATUSES.map(({ key, label, color }) => (
                    <Area
                      key={key}
                      dataKey={key}
                      name={label}
                      stackId="status"
                      type="stepAfter"
                      stroke={color}
                      fill={color}
                      fillOpacity={0.5}
                      isAnimationActive={false}
                    />
                  ))}
                </AreaChart>
              </ResponsiveContainer>
            </div>
            <p className="text-sm font-medium">Taxa de sucesso por hora</p>
            <div className="h-36" role="img" aria-label="Taxa de sucesso por hora">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={hourly} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="at" tickFormatter={formatTick} minTickGap={48} fontSize={11} />
                  <YAxis domain={[0, 100]} unit="%" fontSize={11} />
                  <Tooltip
                    labelFormatter={(at) => formatTick(String(at))}
                    formatter={(value) => `${value}%`}
                  />
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
          </>
        )}
      </CardContent>
    </Card>
  );
}
