import type { ClaimedDelivery } from './claim';
import { type Endpoint, targetHostOf } from './fair-queues';

/** What a delivery says of its subscription's endpoint. */
export type SubscriptionFields = 'subscription_id' | 'target_url' | 'max_in_flight' | 'rate_limit_per_second';

/**
 * Each subscription's endpoint for the fair queues, kept while its URL and limits stay the same:
 * the same object for every send (no allocation per send, and the queues find it by identity).
 */
export function createSendEndpoints(): (delivery: Pick<ClaimedDelivery, SubscriptionFields>) => Endpoint {
  const endpoints = new Map<string, { targetUrl: string; endpoint: Endpoint }>();
  return (delivery) => {
    const maxInFlight = delivery.max_in_flight ?? null;
    const rateLimitPerSecond = delivery.rate_limit_per_second ?? null;
    const known = endpoints.get(delivery.subscription_id);
    if (
      known &&
      known.targetUrl === delivery.target_url &&
      known.endpoint.maxInFlight === maxInFlight &&
      known.endpoint.rateLimitPerSecond === rateLimitPerSecond
    ) {
      return known.endpoint;
    }
    const endpoint = {
      subscriptionId: delivery.subscription_id,
      host: targetHostOf(delivery.target_url),
      maxInFlight,
      rateLimitPerSecond,
    };
    endpoints.set(delivery.subscription_id, { targetUrl: delivery.target_url, endpoint });
    return endpoint;
  };
}
