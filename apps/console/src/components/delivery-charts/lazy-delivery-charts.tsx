import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

// The chart library is loaded with these, only on the screens that show a chart.
const TrafficCharts = lazy(() => import('./traffic-charts'));
const ResponseTimeChart = lazy(() => import('./response-time-chart'));

/** Deliveries per minute over 24 h and the success rate (home page, Logs). */
export function LazyTrafficCharts() {
  return (
    <Suspense fallback={<Skeleton className="h-96 w-full" data-testid="chart-skeleton" />}>
      <TrafficCharts />
    </Suspense>
  );
}

/** A subscription's p50/p95 response time and success rate over 24 h. */
export function LazyResponseTimeChart({ subscriptionId }: { subscriptionId: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" data-testid="chart-skeleton" />}>
      <ResponseTimeChart subscriptionId={subscriptionId} />
    </Suspense>
  );
}
