import type { CircuitState, TAttemptWindow, TSubscriptionHealth } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../domain/session-user';
import { requireAccess, subscriptionAccess } from '../access';
import { countLeasedDeliveries, findCircuitRow, selectAttemptStats } from './health-queries';

const HOUR_MS = 3_600_000;

/**
 * Attempts, success rate and p50/p95 over the window ending now. The one reader of delivery
 * statistics for the health card: switch it to the per-minute rollup when there is one.
 */
export async function readAttemptStats(
  ctx: AppContext,
  subscriptionId: string,
  windowMs: number,
): Promise<TAttemptWindow> {
  const stats = await selectAttemptStats(ctx.db, subscriptionId, new Date(ctx.clock().getTime() - windowMs));
  return {
    attempts: stats.attempts,
    successRate: stats.attempts > 0 ? stats.succeeded / stats.attempts : null,
    p50Ms: stats.p50 === null ? null : Math.round(stats.p50),
    p95Ms: stats.p95 === null ? null : Math.round(stats.p95),
  };
}

/** GET /subscriptions/{id}/health: for whoever may read the subscription (others: 404). */
export async function getSubscriptionHealth(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TSubscriptionHealth> {
  const { row: subscription } = await requireAccess(ctx, user, subscriptionAccess, id, 'read');
  const now = ctx.clock();
  const [circuit, inFlight, lastHour, lastDay] = await Promise.all([
    findCircuitRow(ctx.db, id),
    countLeasedDeliveries(ctx.db, id, now),
    readAttemptStats(ctx, id, HOUR_MS),
    readAttemptStats(ctx, id, 24 * HOUR_MS),
  ]);
  const state = (circuit?.state ?? 'CLOSED') as CircuitState;
  return {
    data: {
      circuit: { state, openUntil: state === 'OPEN' ? (circuit?.openUntil?.toISOString() ?? null) : null },
      inFlight,
      consecutiveFailures: circuit?.consecutiveFailures ?? 0,
      rateLimitPerSecond: subscription.rateLimitPerSecond,
      maxInFlight: subscription.maxInFlight,
      lastHour,
      lastDay,
    },
  };
}
