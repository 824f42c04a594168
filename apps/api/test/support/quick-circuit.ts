import { and, eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context';
import { deliveryLogs } from '../../src/db/schema';
import type { FakeClock } from './fake-clock';
import { waitFor } from './wait-for';

export const COOLDOWN_MS = 60_000;
/** Longer than a circuit's first opening, shorter than a few of a dead endpoint's. */
export const DISABLE_AFTER_MS = COOLDOWN_MS * 8;
/** A failed delivery's one retry: an hour, so none comes while a test is busy with the circuit. */
const RETRY_DELAY_MS = 3_600_000;

/**
 * A circuit that opens after three failures and cools down for a minute (two at most), an endpoint
 * disabled after eight cool-downs open, and a failed delivery's own retry only after the test.
 */
export const QUICK_CIRCUIT_SETTINGS = {
  DELIVERY_POLL_MS: '20',
  DELIVERY_CIRCUIT_FAILURES: '3',
  DELIVERY_CIRCUIT_COOLDOWN_MS: String(COOLDOWN_MS),
  DELIVERY_CIRCUIT_MAX_COOLDOWN_MS: String(COOLDOWN_MS * 2),
  DELIVERY_DISABLE_AFTER_MS: String(DISABLE_AFTER_MS),
  DELIVERY_RETRY_DELAYS_MS: String(RETRY_DELAY_MS),
};

type CircuitRow = { state: string; openCount: number } | undefined;

/**
 * Ends cool-down after cool-down on the fake clock, each probe failing and opening the circuit
 * again, until the subscription is disabled; `onReopen` checks each new opening.
 */
export async function failProbesUntilDisabled(probe: {
  clock: FakeClock;
  circuit: () => Promise<CircuitRow>;
  isDisabled: () => Promise<boolean>;
  onReopen?: () => Promise<void>;
}): Promise<void> {
  for (let round = 2; !(await probe.isDisabled()); round++) {
    expect(round).toBeLessThan(12);
    probe.clock.advance(COOLDOWN_MS * 2.5);
    await waitFor(async () => {
      const row = await probe.circuit();
      return (row?.state === 'OPEN' && row.openCount === round) || (await probe.isDisabled());
    });
    await probe.onReopen?.();
  }
}

/**
 * Moves the fake clock past the retry of what a disabled subscription still held, and waits until
 * each of its deliveries has ended FAILED.
 */
export async function endHeldDeliveries(
  ctx: AppContext,
  clock: FakeClock,
  subscriptionId: string,
): Promise<void> {
  clock.advance(2 * RETRY_DELAY_MS);
  await waitFor(
    async () => {
      const open = await ctx.db
        .select()
        .from(deliveryLogs)
        .where(and(eq(deliveryLogs.subscriptionId, subscriptionId), ne(deliveryLogs.status, 'FAILED')));
      return open.length === 0;
    },
    10_000,
    'the held deliveries to end',
  );
}
