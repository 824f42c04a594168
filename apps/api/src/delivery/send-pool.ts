import type { AppContext } from '../context';
import { settleWithin } from '../lib/settle-within';
import { attemptDelivery } from './attempt-delivery';
import type { ClaimedDelivery } from './claim';
import { observeAttempt } from './delivery-metrics';
import type { AttemptResult } from './record-results';
import type { Sender } from './sender';

export type SendPool = {
  /** Sends now, whatever the number in flight (the claim loop only claims what fits). */
  start(delivery: ClaimedDelivery): void;
  /** Hand-overs: sent now while a slot is free, else when one frees up. */
  take(deliveries: ClaimedDelivery[]): void;
  /** Sends in flight. */
  readonly sending: number;
  /** Sends in flight plus hand-overs waiting for a slot. */
  readonly held: number;
  /** No waiting hand-over starts after this. */
  close(): void;
  /** Takes the waiting hand-overs out, to give their leases back. */
  takeWaiting(): string[];
  /** True when the sends in flight finished within graceMs. */
  settle(graceMs: number): Promise<boolean>;
  /** Aborted sends: their results are no longer recorded; answers their ids, to give the leases back. */
  abandon(): string[];
};

/**
 * The delivery engine's sends: up to `concurrency` at once, each result passed
 * to `onResult`; a finished send starts the next waiting hand-over.
 */
export function createSendPool(
  ctx: AppContext,
  sender: Sender,
  options: { concurrency: number; onResult(result: AttemptResult): void; onSendFinished(): void },
): SendPool {
  const inFlight = new Set<Promise<void>>();
  const inFlightIds = new Set<string>();
  const waiting: ClaimedDelivery[] = [];
  let isOpen = true;
  /** Set when a stop gave the in-flight deliveries back: their late results are not theirs to write. */
  let isAbandoned = false;

  function start(delivery: ClaimedDelivery) {
    inFlightIds.add(delivery.id);
    const task = attemptDelivery(ctx, sender, delivery)
      .then(({ result }) => {
        if (isAbandoned) return;
        observeAttempt(ctx, delivery, result);
        options.onResult(result);
      })
      .catch((error) => ctx.logger.error({ err: error, deliveryId: delivery.id }, 'delivery attempt crashed'))
      .finally(() => {
        inFlight.delete(task);
        inFlightIds.delete(delivery.id);
        const next = waiting.shift();
        if (next && isOpen) start(next);
        options.onSendFinished();
      });
    inFlight.add(task);
  }

  return {
    start,
    take(deliveries) {
      for (const delivery of deliveries) {
        if (inFlight.size < options.concurrency) start(delivery);
        else waiting.push(delivery);
      }
    },
    get sending() {
      return inFlight.size;
    },
    get held() {
      return inFlight.size + waiting.length;
    },
    close() {
      isOpen = false;
    },
    takeWaiting: () => waiting.splice(0).map((delivery) => delivery.id),
    settle: (graceMs) => settleWithin(inFlight, graceMs),
    abandon() {
      isAbandoned = true;
      return [...inFlightIds];
    },
  };
}
