import type { AppContext } from '../context';
import type { Database } from './client';
import type { ChangeChannel } from './local-changes';

export { CHANGE_CHANNELS, type ChangeChannel, createLocalChanges, type LocalChanges } from './local-changes';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction, then tells this process's caches of `channel` at once (other
 * processes hear of it through the triggers' notification, delivered at commit). Every write that
 * can change what such a cache holds goes through here or `announceLocalChange`.
 */
export async function commitChange<T>(
  ctx: AppContext,
  channel: ChangeChannel,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(work);
  announceLocalChange(ctx, channel);
  return result;
}

/** Tells this process's caches of `channel` of a change already committed (e.g. by one raw statement). */
export function announceLocalChange(ctx: Pick<AppContext, 'localChanges'>, channel: ChangeChannel): void {
  for (const listener of ctx.localChanges.get(channel) ?? []) listener();
}

/** Calls `listener` whenever this process changes what `channel` covers (before the notification comes back). */
export function onLocalChange(
  ctx: Pick<AppContext, 'localChanges'>,
  channel: ChangeChannel,
  listener: () => void,
): () => void {
  const channels = ctx.localChanges;
  const set = channels.get(channel) ?? new Set<() => void>();
  channels.set(channel, set);
  set.add(listener);
  return () => set.delete(listener);
}
