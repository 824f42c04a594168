import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let isSlow = true;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_MS: '20', DELIVERY_TIMEOUT_MS: '30000' });
  receiver = await startReceiver(() => (isSlow ? { status: 200, delayMs: 20_000 } : { status: 200 }));
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('stopping the delivery engine', () => {
  it('When a target is slower than the grace, then stop aborts its sends and gives them back at once, and the next worker delivers them', async () => {
    const app = await insertApplication(t.ctx);
    const event = await insertEvent(t.ctx, app.id);
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/slow` });
    const engine = startDeliveryEngine(t.ctx);
    const answer = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { n: 1 } },
    });
    expect(answer.status).toBe(202);
    await waitFor(() => receiver.requests.length === 1 || null, 5_000, 'the slow request');

    const startedAt = Date.now();
    await engine.stop({ graceMs: 300 });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const [log] = await readLogsOf(t.ctx, answer.body.occurrenceId);
    expect(log).toMatchObject({ status: 'PENDING', leasedBy: null, leaseUntil: null, attemptCount: 0 });

    isSlow = false;
    const next = startDeliveryEngine(t.ctx);
    try {
      const delivered = await waitFor(
        async () => {
          const [row] = await readLogsOf(t.ctx, answer.body.occurrenceId);
          return row?.status === 'SUCCESS' ? row : null;
        },
        5_000,
        'the delivery by the next worker',
      );
      expect(delivered.attemptCount).toBe(1);
      expect(receiver.requests).toHaveLength(2);
    } finally {
      await next.stop();
    }
  });
});
