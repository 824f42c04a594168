import { useState } from 'react';
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
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatRate, successRate, useDeliveryStats } from '@/lib/get-delivery-stats';
import { STACKED_STATUSES, totalsOf } from './chart-format';
import {
  buildChartView,
  CHART_RANGES,
  type ChartRangeKey,
  formatAxisTick,
  formatTooltipTime,
  mergeByStep,
} from './chart-range';

/**
 * Deliveries over the last hour, day or week, stacked by status (attempts by outcome, deliveries
 * still pending and ignored), and the success rate: on the home page and the Logs. Loaded lazily with
 * its chart library, only where it shows.
 */
export default function TrafficCharts() {
  const [rangeKey, setRangeKey] = useState<ChartRangeKey>('24h');
  const range = CHART_RANGES.find((candidate) => candidate.key === rangeKey) ?? CHART_RANGES[1];
  const stats = useDeliveryStats({ hours: range.hours, bucketMinutes: range.bucketMinutes });
  const view = buildChartView(stats.data ?? [], range.bucketMinutes);
  const totals = totalsOf(view.points);
  const rates = mergeByStep(view.points, range.rateMinutes).map((point) => {
    const rate = successRate([point]);
    return {
      time: Math.max(point.time, view.domain[0]),
      rate: rate === null ? null : Math.round(rate * 1000) / 10,
    };
  });
  const xAxis = {
    dataKey: 'time',
    type: 'number',
    scale: 'time',
    domain: view.domain,
    ticks: view.ticks,
    tickFormatter: (time: number) => formatAxisTick(time, view.tickStep),
    fontSize: 11,
  } as const;
  return (
    <Card data-testid="traffic-charts">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>{range.title}</CardTitle>
          <CardDescription>
            Tentativas por resultado, entregas pendentes e ignoradas nas assinaturas que você pode ver, desde
            o primeiro dado quando ele é mais recente que o período.
          </CardDescription>
        </div>
        <Tabs value={range.key} onValueChange={(key) => setRangeKey(key as ChartRangeKey)}>
          <TabsList aria-label="Período do gráfico">
            {CHART_RANGES.map((candidate) => (
              <TabsTrigger key={candidate.key} value={candidate.key}>
                {candidate.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
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
              sucesso: <span data-testid="success-rate">{formatRate(successRate(view.points))}</span>
            </p>
            <div className="h-56" role="img" aria-label="Entregas empilhadas por status">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={view.points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis {...xAxis} />
                  <YAxis allowDecimals={false} fontSize={11} />
                  <Tooltip labelFormatter={(time) => formatTooltipTime(Number(time))} />
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
            <p className="text-sm font-medium">{range.rateTitle}</p>
            <div className="h-36" role="img" aria-label={range.rateTitle}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={rates} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis {...xAxis} />
                  <YAxis domain={[0, 100]} unit="%" fontSize={11} />
                  <Tooltip
                    labelFormatter={(time) => formatTooltipTime(Number(time))}
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
