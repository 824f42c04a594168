import type { AppContext } from '../context';
import { announceLocalChange, CHANGE_CHANNELS } from '../db/change-channel';
import { DISABLE_DEAD_SUBSCRIPTION } from './circuit-sql';

/**
 * Disables a subscription whose circuit stayed open for the whole disable period. Its held
 * deliveries are then ended by the housekeeping sweep, with the reason.
 */
export async function disableDeadSubscription(
  ctx: Pick<AppContext, 'database' | 'config' | 'logger' | 'localChanges'>,
  subscriptionId: string,
  at: Date,
): Promise<void> {
  const rows = await ctx.database.query(
    DISABLE_DEAD_SUBSCRIPTION,
    [subscriptionId, at],
    'circuit_disable_subscription',
  );
  if (rows.length === 0) return;
  announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
  ctx.logger.warn(
    { subscriptionId, openForMs: ctx.config.DELIVERY_DISABLE_AFTER_MS },
    'subscription disabled: its circuit stayed open for the whole disable period',
  );
}
