import type { AppContext } from '../context';
import type { CircuitBreaker } from './circuit-breaker';
import type { ClaimedDelivery } from './claim';
import { countDeferrals } from './delivery-metrics';
import { createFairQueues, createHostLoads, type Endpoint } from './fair-queues';
import { createInFlightSends } from './in-flight-sends';
import { createRateGate } from './rate-limit';
import type { AttemptResult } from './record-results';
import { canAdmitAll, queueAdmitted, type SendAdmission } from './send-admission';
import { createSendEndpoints, type SubscriptionFields } from './send-endpoints';
import { sendOne } from './send-one';
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

/**
 * The delivery engine's sends: up to `concurrency` at once, shared fairly by endpoint
 * (`fair-queues.ts`): a subscription whose circuit is open, or that waits for its rate limit,
 * never holds a slot, and a slow host never holds more than its share while others wait.
 * Admission is `send-admission.ts`, the sends in flight `in-flight-sends.ts`, one send (attempt,
 * result, probe) `send-one.ts`.
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
  const inFlight = createInFlightSends();
  const queues = createFairQueues<ClaimedDelivery>(
    { concurrency: options.concurrency, share: options.share },
    createHostLoads(),
  );
  const endpointOf = createSendEndpoints();
  const admission: SendAdmission = { metrics: ctx.metrics, queues, breaker, endpointOf };
  const rateGate = createRateGate(ctx, () => pump());
  let isOpen = true;
  /** Set when a stop gave the in-flight deliveries back: their late results are not theirs to write. */
  let isAbandoned = false;

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
    let durationMs: number | null = null;
    const send = async () => {
      durationMs = await sendOne(ctx, sender, breaker, delivery, {
        isProbe,
        isAbandoned: () => isAbandoned,
        onResult: options.onResult,
      });
    };
    inFlight.run(delivery.id, send, () => {
      queues.finished(endpoint, durationMs);
      pump();
      options.onSendFinished();
    });
  }

  return {
    add(deliveries) {
      const refused = queueAdmitted(admission, deliveries);
      pump();
      return refused;
    },
    canTake: (deliveries) => canAdmitAll(admission, deliveries),
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
    settle: (graceMs) => inFlight.settle(graceMs),
    abandon() {
      isAbandoned = true;
      return inFlight.ids();
    },
  };
}
