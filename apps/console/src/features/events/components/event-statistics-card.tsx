import type { TEventDetail } from '@wm/contracts';
import { DetailField } from '@/components/detail-page';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Deliveries by status: the ones under way (retrying, pending) and ignored ones make up the total too. */
export function EventStatisticsCard({ event }: { event: TEventDetail }) {
  const { statistics } = event;
  const items = [
    ['Assinaturas', statistics.totalSubscriptions],
    ['Assinaturas ativas', statistics.activeSubscriptions],
    ['Entregas', statistics.totalDeliveries],
    ['Sucessos', statistics.successfulDeliveries],
    ['Falhas', statistics.failedDeliveries],
    ['Reenviando', statistics.retryingDeliveries],
    ['Pendentes', statistics.pendingDeliveries],
    ['Ignoradas', statistics.ignoredDeliveries],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Estatísticas</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="event-statistics">
          {items.map(([label, value]) => (
            <DetailField key={label} label={label}>
              <span className="text-xl font-bold">{value}</span>
            </DetailField>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
