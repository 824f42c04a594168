import type { AppContext } from '../context';
import { settleWithin } from '../lib/settle-within';
import { attemptDelivery } from './attempt-delivery';
import type { CircuitBreaker } from './circuit-breaker';
import type { ClaimedDelivery } from './claim';
import { countDeferrals, observeAttempt } from './delivery-metrics';
import { createFairQueues, createHostLoads, type Endpoint, targetHostOf } from './fair-queues';
import { createRateGate } from './rate-limit';
import type { AttemptResult } from './record-results';
import type { Sender } from './sender';

export type SendPool = {
  /**
   * Claimed or handed-over deliveries, each sent when a slot is free and its endpoint may send.
   * Answers the ids it did not keep (over their subscription's backlog), to give back.
   */
  add(deliveries: ClaimedDelivery[]): string[];
  /** Whether these handed-over deliveries fit their subscriptions' backlogs (and none is deferred). */
  canTake(deliveries: Array<Pick<ClaimedDelivery, SubscriptionFields>>): boolean;
  /** Sends a circuit's probe now, whatever the limits. */
  probe(delivery: ClaimedDelivery): void;
  /** Subscriptions the claim should skip: their backlog here is full, or their circuit is not closed. */
  skippedSubscriptions(): string[];
  /** Takes out the waiting deliveries of these subscriptions (their circuit opened), to give them back. */
  deferWaiting(subscriptionIds: string[]): string[];
  /** Sends in flight. */
  readonly sending: number;
  /** Sends in flight plus deliveries waiting for a slot or for their endpoint. */
  readonly held: number;
  /** In-flight sends per subscription (metrics). */
  inFlightBySubscription(): Map<string, number>;
  /** No waiting delivery starts after this. */
  close(): void;
  /** Takes every waiting delivery out, to give their leases back. */
  takeWaiting(): string[];
  /** True when the sends in flight finished within graceMs. */
  settle(graceMs: number): Promise<boolean>;
  /** Aborted sends: their results are no longer recorded; answers their ids, to give the leases back. */
  abandon(): string[];
};

type SubscriptionFields = 'subscription_id' | 'target_url' | 'max_in_flight' | 'rate_limit_per_second';

/**
 * The delivery engine's sends: up to `concurrency` at once, shared fairly by endpoint
 * (`fair-queues.ts`): a subscription whose circuit is open, or that waits for its rate limit,
 * never holds a slot, and a slow host never holds more than its share while others wait.
 */
export function createSendPool(
  ctx: AppContext,
  sender: Sender,
  breaker: CircuitBreaker,
  options: {
    concurrency: number;
    share: number;
    onResult(result: AttemptResult): void;
    onSendFinished(): void;
  },
): SendPool {
  const inFlight = new Set<Promise<void>>();
  const inFlightIds = new Set<string>();
  const queues = createFairQueues<ClaimedDelivery>(
    { concurrency: options.concurrency, share: options.share },
    createHostLoads(),
  );
  /** Each subscription's endpoint, kept while its URL and limits stay the same (no allocation per send). */
  const endpoints = new Map<string, { targetUrl: string; endpoint: Endpoint }>();
  const rateGate = createRateGate(ctx, () => pump());
  let isOpen = true;
  /** Set when a stop gave the in-flight deliveries back: their late results are not theirs to write. */
  let isAbandoned = false;

  const endpointOf = (delivery: Pick<ClaimedDelivery, SubscriptionFields>): Endpoint => {
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
  const maySend = (endpoint: Endpoint, waiting: number) =>
    breaker.isClosed(endpoint.subscriptionId) &&
    (!endpoint.rateLimitPerSecond ||
      rateGate.take(endpoint.subscriptionId, endpoint.rateLimitPerSecond, waiting));

  function pump() {
    while (isOpen) {
      const next = queues.next(maySend);
      if (!next) return;
      start(next, false);
    }
  }

  function start(delivery: ClaimedDelivery, isProbe: boolean) {
    const endpoint = endpointOf(delivery);
    inFlightIds.add(delivery.id);
    let durationMs: number | null = null;
    let isSuccess = false;
    const task = attemptDelivery(ctx, sender, delivery)
      .then(({ result }) => {
        durationMs = result.durationMs;
        isSuccess = result.status === 'SUCCESS';
        if (isAbandoned) return;
        observeAttempt(ctx, delivery, result);
        options.onResult(result);
      })
      .catch((error) => ctx.logger.error({ err: error, deliveryId: delivery.id }, 'delivery attempt crashed'))
      // A probe always settles, as a failure when it did not answer, so this process may probe again.
      .then(() => (isProbe ? breaker.settleProbe(delivery.subscription_id, isSuccess) : undefined))
      .catch((error) => ctx.logger.warn({ err: error, deliveryId: delivery.id }, 'circuit probe not settled'))
      .finally(() => {
        inFlight.delete(task);
        inFlightIds.delete(delivery.id);
        queues.finished(endpoint, durationMs);
        pump();
        options.onSendFinished();
      });
    inFlight.add(task);
  }

  return {
    add(deliveries) {
      const refused: string[] = [];
      for (const delivery of deliveries) {
        const endpoint = endpointOf(delivery);
        if (!breaker.isClosed(endpoint.subscriptionId) || !queues.hasRoom(endpoint, 1)) {
          refused.push(delivery.id);
          continue;
        }
        queues.add(delivery, endpoint);
      }
      if (refused.length > 0) countDeferrals(ctx.metrics, 'immediate', 'saturated', refused.length);
      pump();
      return refused;
    },
    canTake(deliveries) {
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
          countDeferrals(ctx.metrics, 'immediate', 'circuit', deliveries.length);
          return false;
        }
        if (!queues.hasRoom(endpoint, count)) {
          countDeferrals(
            ctx.metrics,
            'immediate',
            endpoint.rateLimitPerSecond ? 'rate_limit' : 'saturated',
            deliveries.length,
          );
          return false;
        }
      }
      return true;
    },
    probe(delivery) {
      queues.startNow(endpointOf(delivery));
      start(delivery, true);
    },
    skippedSubscriptions: () => queues.fullSubscriptions(),
    deferWaiting(subscriptionIds) {
      const deferred = queues.takeWaiting(subscriptionIds).map((delivery) => delivery.id);
      if (deferred.length > 0) countDeferrals(ctx.metrics, 'immediate', 'circuit', deferred.length);
      return deferred;
    },
    get sending() {
      return inFlight.size;
    },
    get held() {
      return inFlight.size + queues.waiting;
    },
    inFlightBySubscription: () => queues.inFlightBySubscription(),
    close() {
      isOpen = false;
      rateGate.stop();
    },
    takeWaiting: () => queues.takeWaiting().map((delivery) => delivery.id),
    settle: (graceMs) => settleWithin(inFlight, graceMs),
    abandon() {
      isAbandoned = true;
      return [...inFlightIds];
    },
  };
}
