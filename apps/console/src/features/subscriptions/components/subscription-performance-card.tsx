import { LazyResponseTimeChart } from '@/components/delivery-charts/lazy-delivery-charts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** 'Desempenho': the subscription's p50/p95 response time and success rate over the last 24 h. */
export function SubscriptionPerformanceCard({ subscriptionId }: { subscriptionId: string }) {
  return (
    <Card data-testid="subscription-performance">
      <CardHeader>
        <CardTitle>Desempenho (últimas 24 h)</CardTitle>
        <CardDescription>
          Tempo de resposta das tentativas (p50 e p95) e taxa de sucesso, a cada 15 minutos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LazyResponseTimeChart subscriptionId={subscriptionId} />
      </CardContent>
    </Card>
  );
}
