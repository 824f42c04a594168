import type { AppContext } from '../context';
import type { CircuitBreaker } from './circuit-breaker';
import type { ClaimedDelivery } from './claim';
import { countDeferrals } from './delivery-metrics';
import type { Endpoint, FairQueues } from './fair-queues';
import type { SubscriptionFields } from './send-endpoints';

/** What the pool admits deliveries against: its queues, the circuits, and each delivery's endpoint. */
export type SendAdmission = {
  metrics: AppContext['metrics'];
  queues: FairQueues<ClaimedDelivery>;
  breaker: CircuitBreaker;
  endpointOf(delivery: Pick<ClaimedDelivery, SubscriptionFields>): Endpoint;
};

/**
 * Queues the deliveries whose circuit is closed and whose subscription's backlog has room;
 * answers the ids of the others, to give back (counted as deferred: saturated).
 */
export function queueAdmitted(admission: SendAdmission, deliveries: ClaimedDelivery[]): string[] {
  const { queues, breaker, endpointOf } = admission;
  const refused: string[] = [];
  for (const delivery of deliveries) {
    const endpoint = endpointOf(delivery);
    if (!breaker.isClosed(endpoint.subscriptionId) || !queues.hasRoom(endpoint, 1)) {
      refused.push(delivery.id);
      continue;
    }
    queues.add(delivery, endpoint);
  }
  if (refused.length > 0) countDeferrals(admission.metrics, 'immediate', 'saturated', refused.length);
  return refused;
}

/**
 * Whether handed-over deliveries all fit: every one's circuit closed and its subscription's
 * backlog room for its share of them. A refusal is counted as deferred with its reason.
 */
export function canAdmitAll(
  admission: SendAdmission,
  deliveries: Array<Pick<ClaimedDelivery, SubscriptionFields>>,
): boolean {
  const { metrics, queues, breaker, endpointOf } = admission;
  const [only] = deliveries;
  const counts = new Map<string, { endpoint: Endpoint; count: number }>();
  if (deliveries.length === 1 && only)
    counts.set(only.subscription_id, { endpoint: endpointOf(only), count: 1 });
  else {
    for (const delivery of deliveries) {
      const entry = counts.get(delivery.subscription_id);
      if (entry) entry.count += 1;
      else counts.set(delivery.subscription_id, { endpoint: endpointOf(delivery), count: 1 });
    }
  }
  for (const { endpoint, count } of counts.values()) {
    // Refused: the emit leaves them due, and the claim skips them while this holds.
    if (!breaker.isClosed(endpoint.subscriptionId)) {
      countDeferrals(metrics, 'immediate', 'circuit', deliveries.length);
      return false;
    }
    if (!queues.hasRoom(endpoint, count)) {
      countDeferrals(
        metrics,
        'immediate',
        endpoint.rateLimitPerSecond ? 'rate_limit' : 'saturated',
        deliveries.length,
      );
      return false;
    }
  }
  return true;
}
