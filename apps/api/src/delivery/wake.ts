import type { AppContext } from '../context';

export type DeliveryWakeListener = (signal: { finishedOccurrenceIds?: string[] }) => void;
// Keyed by context so two apps in one process (tests) never wake each other; holds no connections.
const listeners = new WeakMap<AppContext, Set<DeliveryWakeListener>>();

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
