import type { AppContext } from '../context';
import type { Database } from '../db/client';

/**
 * The database channel on which a change to rules, routes or event types reaches every process.
 * Triggers on those tables notify it (so cascades of deleted events count too), at commit.
 */
export const RULES_CHANGED_CHANNEL = 'wm_rules_changed';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

// Keyed by context so two apps in one process (tests) never clear each other's caches.
const listeners = new WeakMap<AppContext, Set<() => void>>();

/**
 * Runs `work` in one transaction, then tells this process's rules caches at once (other processes
 * hear of it through the triggers' notification, delivered at commit). Every write that can change
 * which rules an emit runs goes through here.
 */
export async function changeRules<T>(ctx: AppContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(work);
  for (const listener of listeners.get(ctx) ?? []) listener();
  return result;
}

/** Calls `listener` whenever this process changes rules (before the notification comes back). */
export function onLocalRulesChange(ctx: AppContext, listener: () => void): () => void {
  const set = listeners.get(ctx) ?? new Set<() => void>();
  listeners.set(ctx, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Calls `onChange` whenever any process changes rules (and after a reconnection, which may have missed one). */
export function listenForRulesChanges(ctx: AppContext, onChange: () => void): Promise<() => Promise<void>> {
  return ctx.database.listen(RULES_CHANGED_CHANNEL, onChange);
}
