import type { AppContext } from '../context';
import type { ClaimedDelivery } from './claim';

export type DeliveryWakeListener = (signal: { finishedOccurrenceIds?: string[] }) => void;

/** This process's delivery worker, as an emit sees it: deliveries leased to it at birth are handed over. */
export type LocalDeliveryWorker = {
  workerId: string;
  /** Whether `count` more deliveries fit in its backlog while their lease is young. */
  canTake(count: number): boolean;
  /** Deliveries already leased to `workerId`, sent without a claim. */
  take(deliveries: ClaimedDelivery[]): void;
};

// Keyed by context so two apps in one process (tests) never wake each other; holds no connections.
const listeners = new WeakMap<AppContext, Set<DeliveryWakeListener>>();
const localWorkers = new WeakMap<AppContext, LocalDeliveryWorker>();

/** Tells this process's delivery workers that new deliveries are due now. */
export function notifyDeliveryWorkers(ctx: AppContext): void {
  for (const listener of listeners.get(ctx) ?? []) listener({});
}

/** Occurrences that ended without any delivery to send (all IGNORED): their callbacks are due. */
export function notifyOccurrencesFinished(ctx: AppContext, occurrenceIds: string[]): void {
  for (const listener of listeners.get(ctx) ?? []) listener({ finishedOccurrenceIds: occurrenceIds });
}

export function onDeliveryWake(ctx: AppContext, listener: DeliveryWakeListener): () => void {
  const set = listeners.get(ctx) ?? new Set<DeliveryWakeListener>();
  listeners.set(ctx, set);
  set.add(listener);
  return () => set.delete(listener);
}

export function registerLocalWorker(ctx: AppContext, worker: LocalDeliveryWorker): () => void {
  localWorkers.set(ctx, worker);
  return () => {
    if (localWorkers.get(ctx) === worker) localWorkers.delete(ctx);
  };
}

/** The delivery worker running in this process, if any (`api`-only processes have none). */
export const findLocalWorker = (ctx: AppContext): LocalDeliveryWorker | null => localWorkers.get(ctx) ?? null;
