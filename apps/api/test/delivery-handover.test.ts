import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { startDeliveryEngine } from '../src/delivery/engine';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  type Receiver,
  readLogsOf,
  startReceiver,
  waitFor,
} from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  // One send at a time and a slow receiver, so emitted deliveries queue up in the worker's hand-over.
  t = await createTestApp({ DELIVERY_CONCURRENCY: '1', DELIVERY_POLL_MS: '20', DELIVERY_LEASE_MS: '600000' });
  receiver = await startReceiver(() => ({ delayMs: 300 }));
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('deliveries handed to the worker of the emitting process', () => {
  it('When the worker stops with handed-over deliveries still unsent, then their leases are given back and the next worker sends them at once', async () => {
    const app = await insertApplication(t.ctx);
    const event = await insertEvent(t.ctx, app.id);
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/hook` });
    const first = startDeliveryEngine(t.ctx);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        t.post('/v1/events/emit', {
          token: null,
          headers: { 'x-api-key': app.apiKey },
          body: { eventType: event.alias, applicationId: app.id, data: { n } },
        }),
      ),
    );
    const occurrenceIds = answers.map((answer) => answer.body.occurrenceId as string);
    await first.stop();

    const logs = await t.ctx.db
      .select({ status: deliveryLogs.status, leasedBy: deliveryLogs.leasedBy })
      .from(deliveryLogs)
      .where(inArray(deliveryLogs.occurrenceId, occurrenceIds));
    const unsent = logs.filter((log) => log.status === 'PENDING');
    expect(unsent.length).toBeGreaterThan(0);
    expect(unsent.every((log) => log.leasedBy === null)).toBe(true);

    // The lease is 10 minutes: only a released lease lets the next worker send within seconds.
    const second = startDeliveryEngine(t.ctx);
    try {
      for (const id of occurrenceIds) {
        await waitFor(
          async () => ((await readLogsOf(t.ctx, id)).every((log) => log.status === 'SUCCESS') ? true : null),
          10_000,
          'every delivery sent',
        );
      }
    } finally {
      await second.stop();
    }
    expect(new Set(receiver.requests.map((request) => request.headers['webhook-id'])).size).toBe(3);
  });
});
