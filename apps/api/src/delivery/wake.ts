import type { AppContext } from '../context';

import type { Listening } from '../db/client';
import type { DeliveryWakeListener, LocalDeliveryWorker } from './delivery-wakes';

export {
  createDeliveryWakes,
  type DeliveryWakeListener,
  type DeliveryWakes,
  type LocalDeliveryWorker,
} from './delivery-wakes';

/** The database channel on which deliveries made due in one process wake the workers of all others. */
export const DUE_DELIVERIES_CHANNEL = 'wm_deliveries_due';
/** At most one notification per this interval: a burst of emits wakes the other workers once. */
const PUBLISH_INTERVAL_MS = 5;

/**
 * Tells the delivery workers that new deliveries are due now: this process's at once, and those
 * of other processes (`--role worker`) through the database, so none waits for its next poll.
 */
export function notifyDeliveryWorkers(ctx: AppContext): void {
  for (const listener of ctx.deliveryWakes.listeners) listener({});
  ctx.deliveryWakes.publish ??= createThrottledPublish(ctx);
  ctx.deliveryWakes.publish();
}

function createThrottledPublish(ctx: AppContext): () => void {
  let isWaiting = false;
  // The throttle measures an interval on the monotonic timer, not a time of day: not ctx.clock.
  let lastAt = 0;
  const send = () => {
    isWaiting = false;
    lastAt = performance.now();
    ctx.database.notify(DUE_DELIVERIES_CHANNEL).catch((error) => {
      // Workers of other processes still poll: they are only later.
      ctx.logger.warn({ err: error }, 'could not notify the delivery workers of other processes');
    });
  };
  return () => {
    if (isWaiting) return;
    const wait = lastAt + PUBLISH_INTERVAL_MS - performance.now();
    if (wait <= 0) send();
    else {
      isWaiting = true;
      setTimeout(send, wait);
    }
  };
}

/** Calls `onWake` whenever another process (or this one) has made deliveries due. */
export function listenForDueDeliveries(ctx: AppContext, onWake: () => void): Listening {
  return ctx.database.listen(DUE_DELIVERIES_CHANNEL, onWake, (error) =>
    ctx.logger.warn({ err: error }, 'could not listen for due deliveries; polling until it can'),
  );
}

/** Occurrences that ended without any delivery to send (all IGNORED): their callbacks are due. */
export function notifyOccurrencesFinished(ctx: AppContext, occurrenceIds: string[]): void {
  for (const listener of ctx.deliveryWakes.listeners) listener({ finishedOccurrenceIds: occurrenceIds });
}

export function onDeliveryWake(ctx: AppContext, listener: DeliveryWakeListener): () => void {
  const { listeners } = ctx.deliveryWakes;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function registerLocalWorker(ctx: AppContext, worker: LocalDeliveryWorker): () => void {
  const wakes = ctx.deliveryWakes;
  wakes.localWorker = worker;
  return () => {
    if (wakes.localWorker === worker) wakes.localWorker = null;
  };
}

/** The delivery worker running in this process, if any (`api`-only processes have none). */
export const findLocalWorker = (ctx: AppContext): LocalDeliveryWorker | null => ctx.deliveryWakes.localWorker;
