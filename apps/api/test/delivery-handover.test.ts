import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { startDeliveryEngine } from '../src/delivery/engine';
import { insertApplication, insertEvent, insertSubscription, readLogsOf } from './support/delivery-fixtures';
import { useReceiverHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

let isSlowPathSlow = true;

// One send at a time and a slow receiver, so emitted deliveries queue up in the worker's hand-over.
const harness = useReceiverHarness(
  { DELIVERY_CONCURRENCY: '1', DELIVERY_POLL_MS: '20', DELIVERY_LEASE_MS: '600000' },
  (request) => (request.url === '/slow' && isSlowPathSlow ? { delayMs: 20_000 } : { delayMs: 300 }),
);

describe('deliveries handed to the worker of the emitting process', () => {
  it('When the worker stops with handed-over deliveries still unsent, then their leases are given back and the next worker sends them at once', async () => {
    const app = await insertApplication(harness.t.ctx);
    const event = await insertEvent(harness.t.ctx, app.id);
    await insertSubscription(harness.t.ctx, event.id, { targetUrl: `${harness.receiver.url}/hook` });
    const first = startDeliveryEngine(harness.t.ctx);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        harness.t.post('/v1/events/emit', {
          token: null,
          headers: { 'x-api-key': app.apiKey },
          body: { eventType: event.alias, applicationId: app.id, data: { n } },
        }),
      ),
    );
    const occurrenceIds = answers.map((answer) => answer.body.occurrenceId as string);
    await first.stop();

    const logs = await harness.t.ctx.db
      .select({ status: deliveryLogs.status, leasedBy: deliveryLogs.leasedBy })
      .from(deliveryLogs)
      .where(inArray(deliveryLogs.occurrenceId, occurrenceIds));
    const unsent = logs.filter((log) => log.status === 'PENDING');
    expect(unsent.length).toBeGreaterThan(0);
    expect(unsent.every((log) => log.leasedBy === null)).toBe(true);

    // The lease is 10 minutes: only a released lease lets the next worker send within seconds.
    const second = startDeliveryEngine(harness.t.ctx);
    try {
      for (const id of occurrenceIds) {
        await waitFor(
          async () =>
            (await readLogsOf(harness.t.ctx, id)).every((log) => log.status === 'SUCCESS') ? true : null,
          10_000,
          'every delivery sent',
        );
      }
    } finally {
      await second.stop();
    }
    const hooks = harness.receiver.requests.filter((request) => request.url === '/hook');
    expect(new Set(hooks.map((request) => request.headers['webhook-id'])).size).toBe(3);
  });
});

describe('stopping the delivery engine', () => {
  it('When a target is slower than the grace, then stop aborts its sends and gives them back at once, and the next worker delivers them', async () => {
    const app = await insertApplication(harness.t.ctx);
    const event = await insertEvent(harness.t.ctx, app.id);
    await insertSubscription(harness.t.ctx, event.id, { targetUrl: `${harness.receiver.url}/slow` });
    const slowRequests = () => harness.receiver.requests.filter((request) => request.url === '/slow');
    const engine = startDeliveryEngine(harness.t.ctx);
    const answer = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { n: 1 } },
    });
    expect(answer.status).toBe(202);
    await waitFor(() => slowRequests().length === 1 || null, 5_000, 'the slow request');

    const startedAt = Date.now();
    await engine.stop({ graceMs: 300 });
    // Wide room above the 300 ms grace, still half the slow target's 20 s.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const [log] = await readLogsOf(harness.t.ctx, answer.body.occurrenceId);
    expect(log).toMatchObject({ status: 'PENDING', leasedBy: null, leaseUntil: null, attemptCount: 0 });

    // The lease is 10 minutes: only a released lease lets the next worker send within seconds.
    isSlowPathSlow = false;
    const next = startDeliveryEngine(harness.t.ctx);
    try {
      const delivered = await waitFor(
        async () => {
          const [row] = await readLogsOf(harness.t.ctx, answer.body.occurrenceId);
          return row?.status === 'SUCCESS' ? row : null;
        },
        5_000,
        'the delivery by the next worker',
      );
      expect(delivered.attemptCount).toBe(1);
      expect(slowRequests()).toHaveLength(2);
    } finally {
      await next.stop();
    }
  });
});
