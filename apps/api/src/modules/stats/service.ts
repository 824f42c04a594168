import type { TDeliveryStatsQuery, TDeliveryStatsResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../domain/session-user';
import { applicationAccess, requireAccess, subscriptionAccess } from '../access';
import { selectReadableSubscriptionIds } from './queries';
import { readDeliveryStats } from './read-delivery-stats';

/**
 * The delivery figures over what `user` may read (the subscriptions whose logs they see), of one
 * application or one subscription when asked; one they may not see answers 404.
 */
export async function getDeliveryStats(
  ctx: AppContext,
  user: SessionUser,
  query: TDeliveryStatsQuery,
): Promise<TDeliveryStatsResponse> {
  if (query.subscriptionId) await requireAccess(ctx, user, subscriptionAccess, query.subscriptionId, 'read');
  if (query.applicationId) await requireAccess(ctx, user, applicationAccess, query.applicationId, 'read');
  const subscriptionIds = await selectReadableSubscriptionIds(ctx.db, user, query);
  const data = await readDeliveryStats(ctx.db, {
    from: new Date(query.from),
    to: new Date(query.to),
    bucketMinutes: query.bucketMinutes,
    subscriptionIds,
  });
  return { data };
}
