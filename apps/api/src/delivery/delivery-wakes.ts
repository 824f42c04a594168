import type { ClaimedDelivery } from './claimed-delivery';

export type DeliveryWakeListener = (signal: { finishedOccurrenceIds?: string[] }) => void;

/** This process's delivery worker, as an emit sees it: deliveries leased to it at birth are handed over. */
export type LocalDeliveryWorker = {
  workerId: string;
  /** Whether these deliveries fit in its backlog (theirs and their subscriptions') while their lease is young. */
  canTake(deliveries: ClaimedDelivery[]): boolean;
  /** Deliveries already leased to `workerId`, sent without a claim. */
  take(deliveries: ClaimedDelivery[]): void;
};

/**
 * This process's wake-ups of its delivery worker: a dependency of the context (created with it), so
 * two apps in one process (tests) never wake each other; holds no connections.
 */
export type DeliveryWakes = {
  listeners: Set<DeliveryWakeListener>;
  localWorker: LocalDeliveryWorker | null;
  /** Made at the first notification: other processes are told at most once per PUBLISH_INTERVAL_MS. */
  publish: (() => void) | null;
};

export const createDeliveryWakes = (): DeliveryWakes => ({
  listeners: new Set(),
  localWorker: null,
  publish: null,
});
