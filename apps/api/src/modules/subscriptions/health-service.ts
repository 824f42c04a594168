import type { CircuitState, TAttemptWindow, TSubscriptionHealth } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { Caller } from '../../domain/consumer-scope';
import { requireAccess, subscriptionAccess } from '../access';
import { readDeliveryStats } from '../stats/read-delivery-stats';
import { countHeldFifoKeys, countLeasedDeliveries, findCircuitRow } from './health-queries';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Attempts, success rate and p50/p95 over the window ending now, from the per-minute delivery
 * figures (one bucket spanning the whole window), so a day costs the same however many attempts.
 */
export async function readAttemptStats(
  ctx: AppContext,
  subscriptionId: string,
  windowMs: number,
): Promise<TAttemptWindow> {
  const to = ctx.clock();
  const windowMinutes = Math.ceil(windowMs / MINUTE_MS);
  const [point] = await readDeliveryStats(ctx.db, {
    from: new Date(to.getTime() - windowMinutes * MINUTE_MS),
    to,
    // One minute more than the window: its start is taken to the minute.
    bucketMinutes: windowMinutes + 1,
    subscriptionIds: [subscriptionId],
  });
  const attempts = point ? point.SUCCESS + point.RETRYING + point.FAILED : 0;
  return {
    attempts,
    successRate: point && attempts > 0 ? point.SUCCESS / attempts : null,
    p50Ms: point?.p50Ms ?? null,
    p95Ms: point?.p95Ms ?? null,
  };
}

/** GET /subscriptions/{id}/health: for whoever may read the subscription (others: 404). */
export async function getSubscriptionHealth(
  ctx: AppContext,
  user: Caller,
  id: string,
): Promise<TSubscriptionHealth> {
  const { row: subscription } = await requireAccess(ctx, user, subscriptionAccess, id, 'read');
  const now = ctx.clock();
  const [circuit, inFlight, fifo, lastHour, lastDay] = await Promise.all([
    findCircuitRow(ctx.db, id),
    countLeasedDeliveries(ctx.db, id, now),
    countHeldFifoKeys(ctx.db, id),
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
      fifo,
      lastHour,
      lastDay,
    },
  };
}
