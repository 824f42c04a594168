import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { deliveryLogCounts, subscriptions } from '../../db/schema';

/**
 * Delivery logs of the subscriptions `subscriptionsWhere` selects (all when undefined), from the
 * trigger-kept counters: no scan of the logs, however many there are.
 */
export async function countDeliveryLogs(ctx: AppContext, subscriptionsWhere: SQL | undefined) {
  const [row] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${deliveryLogCounts.n}), 0)::bigint` })
    .from(deliveryLogCounts)
    .where(
      subscriptionsWhere
        ? sql`${deliveryLogCounts.subscriptionId} IN (SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptionsWhere})`
        : undefined,
    );
  return Number(row?.total ?? 0);
}
