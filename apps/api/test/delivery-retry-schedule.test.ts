import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryAttempts } from '../src/db/schema';
import { claimDueDeliveries, releaseLeases } from '../src/delivery/claim';
import { deliveryWithStatus, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';

// The engine runs on a clock that moves only when a test moves it: when a retry is due is read from
// the stored schedule and the clock, never from waiting.
const clock = createFakeClock();
const RETRY_DELAY_MS = 60_000;

/** Per path: the answers to each delivery's attempts, in order; the last one repeats. */
const script = new Map<string, Array<{ status: number; headers?: Record<string, string> }>>();

const harness = useDeliveryHarness(
  { DELIVERY_RETRY_DELAYS_MS: String(RETRY_DELAY_MS), DELIVERY_POLL_MS: '20', DELIVERY_SWEEP_MS: '50' },
  (request) => {
    const answers = script.get(request.url) ?? [{ status: 200 }];
    const delivery = request.headers['webhook-id'];
    const seen = harness.receiver.requests.filter((r) => r.headers['webhook-id'] === delivery).length;
    return answers[Math.min(seen - 1, answers.length - 1)] ?? { status: 200 };
  },
  { clock },
);

async function subscribe(path: string, answers: Array<{ status: number; headers?: Record<string, string> }>) {
  script.set(path, answers);
  const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 5 });
  await insertSubscription(harness.t.ctx, event.id, { targetUrl: `${harness.receiver.url}${path}` });
  return event;
}

const emit = async (alias: string) => {
  const response = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: alias, applicationId: harness.app.id, data: { n: 1 } },
  });
  return response.body.occurrenceId as string;
};

const logWith = (occurrenceId: string, status: string) =>
  deliveryWithStatus(harness.t.ctx, occurrenceId, status);

/** Whether the engine's own claim would take the log now (what it claims is given straight back). */
async function isDue(logId: string) {
  const claimed = await claimDueDeliveries(harness.t.ctx, 'test-probe', 1_000);
  await releaseLeases(
    harness.t.ctx,
    'test-probe',
    claimed.map((delivery) => delivery.id),
  );
  return claimed.some((delivery) => delivery.id === logId);
}

const attemptTimes = async (logId: string) =>
  (
    await harness.t.ctx.db
      .select({ startedAt: deliveryAttempts.startedAt })
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryLogId, logId))
      .orderBy(deliveryAttempts.attemptNumber)
  ).map((attempt) => attempt.startedAt.getTime());

describe('retry schedule on the app clock', () => {
  it('When an attempt fails, then the retry is due the configured delay later (±20 %), and is sent once the clock gets there', async () => {
    const event = await subscribe('/flaky', [{ status: 500 }, { status: 200 }]);
    const failedAt = clock().getTime();
    const log = await logWith(await emit(event.alias), 'RETRYING');
    const waitMs = (log.nextAttemptAt?.getTime() ?? 0) - failedAt;
    expect(waitMs).toBeGreaterThanOrEqual(RETRY_DELAY_MS * 0.8);
    expect(waitMs).toBeLessThanOrEqual(RETRY_DELAY_MS * 1.2);

    clock.advance(waitMs - 1);
    expect(await isDue(log.id)).toBe(false);
    clock.advance(1);
    const done = await logWith(log.occurrenceId, 'SUCCESS');
    expect(done.attemptCount).toBe(2);
    expect(await attemptTimes(log.id)).toEqual([failedAt, failedAt + waitMs]);
  });

  it('When many deliveries fail together, then their retries are spread over the jitter band, not all at one instant', async () => {
    const event = await subscribe('/down-together', [{ status: 500 }, { status: 200 }]);
    const failedAt = clock().getTime();
    const occurrenceIds = await Promise.all(Array.from({ length: 12 }, () => emit(event.alias)));
    const logs = await Promise.all(occurrenceIds.map((id) => logWith(id, 'RETRYING')));
    const waits = logs.map((log) => (log.nextAttemptAt?.getTime() ?? 0) - failedAt);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(RETRY_DELAY_MS * 0.8);
    expect(Math.max(...waits)).toBeLessThanOrEqual(RETRY_DELAY_MS * 1.2);
    expect(new Set(waits).size).toBeGreaterThan(1);

    clock.advance(RETRY_DELAY_MS * 1.2);
    await Promise.all(occurrenceIds.map((id) => logWith(id, 'SUCCESS')));
  });

  it('When the receiver answers 429 with Retry-After, then the retry is due exactly that long after, unjittered', async () => {
    const event = await subscribe('/busy', [
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 200 },
    ]);
    const failedAt = clock().getTime();
    const log = await logWith(await emit(event.alias), 'RETRYING');
    expect(log.nextAttemptAt?.getTime()).toBe(failedAt + 7_000);

    clock.advance(6_999);
    expect(await isDue(log.id)).toBe(false);
    clock.advance(1);
    await logWith(log.occurrenceId, 'SUCCESS');
    expect(await attemptTimes(log.id)).toEqual([failedAt, failedAt + 7_000]);
  });
});
