import { beforeAll, expect, it } from 'vitest';
import { type AttemptResult, recordAttemptResults } from '../src/delivery/record-results';
import { newId } from '../src/lib/ids';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';

const harness = useDeliveryHarness({ DELIVERY_POLL_MS: '20' });

let eventId: string;
let subscriptionId: string;

beforeAll(async () => {
  const app = await insertApplication(harness.t.ctx);
  eventId = (await insertEvent(harness.t.ctx, app.id)).id;
  subscriptionId = (await insertSubscription(harness.t.ctx, eventId)).id;
});

/** A queued delivery (never due for the delivery workers), leased to `leasedBy` or to no one. */
async function insertQueuedDelivery(leasedBy: string | null): Promise<string> {
  const id = newId();
  await harness.t.ctx.database.query(
    `INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, leased_by, lease_until)
     VALUES ($1, $2, $3, $4, 'PENDING', $5::text, CASE WHEN $5::text IS NULL THEN NULL ELSE now() + interval '1 minute' END)`,
    [id, newId(), subscriptionId, eventId, leasedBy],
  );
  return id;
}

const succeeded = (id: string): AttemptResult => {
  const now = new Date().toISOString();
  return {
    id,
    subscriptionId,
    occurrenceId: newId(),
    status: 'SUCCESS',
    httpStatusCode: 200,
    responseBody: 'ok',
    errorMessage: null,
    nextAttemptAt: null,
    processedAt: now,
    attemptNumber: 1,
    attemptId: newId(),
    startedAt: now,
    durationMs: 5,
    isGone: false,
  };
};

const statusOf = async (id: string) =>
  (
    await harness.t.ctx.database.query<{ status: string }>('SELECT status FROM delivery_logs WHERE id = $1', [
      id,
    ])
  )[0]?.status;

it('When another message of the same log gave the lease back while a send was under way, then its success is recorded', async () => {
  const released = await insertQueuedDelivery(null);
  await recordAttemptResults(harness.t.ctx, 'queue:worker-a', [succeeded(released)]);
  expect(await statusOf(released)).toBe('SUCCESS');
});

it('When another worker holds the delivery, then a late result of this one leaves it to that worker', async () => {
  const taken = await insertQueuedDelivery('queue:worker-b');
  await recordAttemptResults(harness.t.ctx, 'queue:worker-a', [succeeded(taken)]);
  expect(await statusOf(taken)).toBe('PENDING');

  const own = await insertQueuedDelivery('queue:worker-a');
  await recordAttemptResults(harness.t.ctx, 'queue:worker-a', [succeeded(own)]);
  expect(await statusOf(own)).toBe('SUCCESS');
});
