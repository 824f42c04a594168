import type { AppContext } from '../context';
import { exponentialDelayMs } from '../lib/backoff';

/** Send slots of a rate-limited subscription: `count` starts `intervalMs` apart from `firstAt` (epoch ms). */
export type RateSlots = { firstAt: number; intervalMs: number; count: number };

/**
 * Reserves `count` consecutive send slots of the subscription, shared by every process through
 * `subscription_rate_limits` (a GCRA: the row holds the earliest start of the next send, and each
 * reservation moves it on by count × interval). Nothing is taken when the next free slot is more
 * than `horizonMs` ahead: then `retryAt` says when to ask again.
 */
export async function reserveRateSlots(
  ctx: Pick<AppContext, 'clock'> & { database: Pick<AppContext['database'], 'query'> },
  subscriptionId: string,
  ratePerSecond: number,
  count: number,
  horizonMs: number,
): Promise<RateSlots | { retryAt: number }> {
  const intervalMs = 1_000 / ratePerSecond;
  const now = ctx.clock();
  const rows = await ctx.database.query<{ next_ms: number; is_taken: boolean }>(
    RESERVE_RATE_SLOTS,
    [subscriptionId, now, count * intervalMs, horizonMs],
    'rate_limit_reserve',
  );
  const row = rows[0];
  if (!row) return { retryAt: now.getTime() + intervalMs };
  const nextMs = Number(row.next_ms);
  if (!row.is_taken) return { retryAt: nextMs - horizonMs };
  return { firstAt: nextMs - count * intervalMs, intervalMs, count };
}

// The update takes the slots only when the next free one is within the horizon; either way the row's
// next free time is answered (a refused ask reads it from the CTE's snapshot).
const RESERVE_RATE_SLOTS = `
  WITH taken AS (
    INSERT INTO subscription_rate_limits AS r (subscription_id, next_at)
    VALUES ($1, $2::timestamptz + $3::float8 * interval '1 millisecond')
    ON CONFLICT (subscription_id) DO UPDATE
      SET next_at = greatest(r.next_at, $2::timestamptz) + $3::float8 * interval '1 millisecond'
      WHERE r.next_at <= $2::timestamptz + $4::int * interval '1 millisecond'
    RETURNING r.next_at)
  SELECT EXTRACT(EPOCH FROM next_at)::float8 * 1000 AS next_ms, true AS is_taken FROM taken
  UNION ALL
  SELECT EXTRACT(EPOCH FROM next_at)::float8 * 1000, false FROM subscription_rate_limits
  WHERE subscription_id = $1 AND NOT EXISTS (SELECT 1 FROM taken)`;

/** How far ahead the engine reserves: a quarter of a second of sends. */
const RESERVE_AHEAD_MS = 250;
/** A slot not used within this after its time is dropped: used later, sends would bunch up. */
const SLOT_GRACE_MS = 1_000;
/** After a failed reservation the subscription asks again after 1 s, doubling up to 10 s while it fails. */
const RESERVE_RETRY = { baseMs: 1_000, maxMs: 10_000 };

export type RateGate = {
  /** True when the subscription may send now (a slot is consumed); else a slot is being fetched. */
  take(subscriptionId: string, ratePerSecond: number, waiting: number): boolean;
  stop(): void;
};

/**
 * The delivery engine's slots of rate-limited subscriptions: reserved a few at a time for the
 * deliveries waiting, each used at its time; `onReady` is called when a subscription's next slot
 * comes due, so the pool looks at it again.
 */
export function createRateGate(ctx: AppContext, onReady: () => void): RateGate {
  const slots = new Map<
    string,
    { times: number[]; isFetching: boolean; timer: NodeJS.Timeout | null; failures: number }
  >();
  let isStopped = false;

  const wakeAt = (state: { timer: NodeJS.Timeout | null }, at: number) => {
    if (state.timer || isStopped) return;
    state.timer = setTimeout(
      () => {
        state.timer = null;
        onReady();
      },
      Math.max(0, at - ctx.clock().getTime()),
    );
  };

  const fetch = (subscriptionId: string, ratePerSecond: number, waiting: number) => {
    const state = slots.get(subscriptionId);
    if (!state || state.isFetching) return;
    state.isFetching = true;
    const count = Math.max(1, Math.min(waiting, Math.ceil((ratePerSecond * RESERVE_AHEAD_MS) / 1_000)));
    reserveRateSlots(ctx, subscriptionId, ratePerSecond, count, RESERVE_AHEAD_MS)
      .then((answer) => {
        if ('retryAt' in answer) {
          wakeAt(state, answer.retryAt);
          return;
        }
        state.failures = 0;
        ctx.logger.debug({ subscriptionId, count: answer.count }, 'rate limit: send slots reserved');
        for (let i = 0; i < answer.count; i++) state.times.push(answer.firstAt + i * answer.intervalMs);
        wakeAt(state, answer.firstAt);
      })
      .catch((error) => {
        ctx.logger.warn({ err: error, subscriptionId }, 'could not reserve rate limit slots');
        wakeAt(state, ctx.clock().getTime() + exponentialDelayMs(state.failures++, RESERVE_RETRY));
      })
      .finally(() => {
        state.isFetching = false;
      });
  };

  return {
    take(subscriptionId, ratePerSecond, waiting) {
      let state = slots.get(subscriptionId);
      if (!state) {
        state = { times: [], isFetching: false, timer: null, failures: 0 };
        slots.set(subscriptionId, state);
      }
      const now = ctx.clock().getTime();
      while (state.times.length > 0 && (state.times[0] as number) < now - SLOT_GRACE_MS) state.times.shift();
      const first = state.times[0];
      if (first !== undefined && first <= now) {
        state.times.shift();
        return true;
      }
      if (first !== undefined) wakeAt(state, first);
      else if (!state.timer) fetch(subscriptionId, ratePerSecond, waiting);
      return false;
    },
    stop() {
      isStopped = true;
      for (const state of slots.values()) if (state.timer) clearTimeout(state.timer);
    },
  };
}
