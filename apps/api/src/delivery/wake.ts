import type { AppContext } from '../context';

type Listener = () => void;
// Keyed by context so two apps in one process (tests) never wake each other; holds no connections.
const listeners = new WeakMap<AppContext, Set<Listener>>();

/** Tells this process's delivery workers that new deliveries are due now. */
export function notifyDeliveryWorkers(ctx: AppContext): void {
  for (const listener of listeners.get(ctx) ?? []) listener();
}

export function onDeliveryWake(ctx: AppContext, listener: Listener): () => void {
  const set = listeners.get(ctx) ?? new Set<Listener>();
  listeners.set(ctx, set);
  set.add(listener);
  return () => set.delete(listener);
}
