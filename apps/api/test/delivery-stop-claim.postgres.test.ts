import { describe, expect, it } from 'vitest';
import { startDeliveryEngine } from '../src/delivery/engine';
import { DUE_DELIVERIES_CHANNEL } from '../src/delivery/wake';
import { insertApplication, insertEvent, insertSubscription, readLogsOf } from './support/delivery-fixtures';
import { useReceiverHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

// PostgreSQL only (see vitest.config.ts): a second connection holds a lock the claim waits on, so the
// claim is certainly still in flight when the worker stops.
const harness = useReceiverHarness({ DELIVERY_LEASE_MS: '600000' });

const query = <T>(text: string) => harness.t.ctx.database.query<T & Record<string, unknown>>(text);

describe('stopping the delivery engine while it claims', () => {
  it('When the worker stops with a claim in flight, then what that claim took goes back at once and the next worker sends it', async () => {
    const { ctx } = harness.t;
    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id);
    await insertSubscription(ctx, event.id, { targetUrl: `${harness.receiver.url}/hook` });
    const occurrenceIds: string[] = [];
    for (const n of [1, 2, 3]) {
      const answer = await harness.t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { eventType: event.alias, applicationId: app.id, data: { n } },
      });
      expect(answer.status).toBe(202);
      occurrenceIds.push(answer.body.occurrenceId as string);
    }

    let releaseLock: () => void = () => {};
    const lockReleased = new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
    let markLocked: () => void = () => {};
    const locked = new Promise<void>((resolve) => {
      markLocked = resolve;
    });
    const holding = ctx.database.inScriptTransaction(async (tx) => {
      await tx.exec('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      markLocked();
      await lockReleased;
    });
    await locked;

    const engine = startDeliveryEngine(ctx);
    await waitFor(
      async () =>
        (
          await query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
               AND wait_event_type = 'Lock' AND query LIKE '%FROM delivery_logs d%'`,
          )
        ).length > 0 || null,
      10_000,
      'the claim waiting on the lock',
    );
    const stopping = engine.stop();
    // The stop has passed the hand-overs' give-back once its listening connection is gone.
    await waitFor(
      async () =>
        (
          await query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
               AND query LIKE 'LISTEN "${DUE_DELIVERIES_CHANNEL}"%'`,
          )
        ).length === 0 || null,
      10_000,
      'the stopping worker to stop listening',
    );
    releaseLock();
    await holding;
    await stopping;

    for (const id of occurrenceIds) {
      const [log] = await readLogsOf(ctx, id);
      expect(log).toMatchObject({ status: 'PENDING', leasedBy: null });
    }
    expect(harness.receiver.requests).toHaveLength(0);

    // The lease is 10 minutes: only a released lease lets the next worker send within seconds.
    const next = startDeliveryEngine(ctx);
    try {
      await waitFor(() => harness.receiver.requests.length === 3 || null, 10_000, 'the three deliveries');
    } finally {
      await next.stop();
    }
  });
});
