import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

const SUBSCRIPTIONS = 20;
const ANSWER_MS = 500;

/** DELIVERY_CONCURRENCY 16 at the default 25 %: the receiver's host may hold 8 deliveries (a slow host). */
const harness = useDeliveryHarness({ DELIVERY_CONCURRENCY: '16', DELIVERY_POLL_MS: '500' }, () => ({
  status: 200,
  delayMs: ANSWER_MS,
}));

/** Deliveries the immediate path put off because their endpoint was saturated, as /metrics counts them. */
async function saturatedDeferrals() {
  const metrics = (await harness.t.get('/metrics', { token: null })).body as string;
  const line = metrics
    .split('\n')
    .find((row) => row.startsWith('webhook_delivery_deferrals_total{path="immediate",reason="saturated"}'));
  return Number(line?.split(' ').pop() ?? 0);
}

describe('host share', () => {
  it('When one host has more subscriptions with work than its share, then the engine waits for its sends instead of claiming the rest over and over, and every delivery arrives', async () => {
    const { t, app, receiver } = harness;
    const event = await insertEvent(t.ctx, app.id);
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/s${i}` });
    }
    const before = await saturatedDeferrals();

    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { applicationId: app.id, eventType: event.alias, data: {} },
    });
    expect(emitted.status).toBe(202);

    // On the embedded database a claim that gives everything back and claims again at once never
    // lets the event loop read an answer: nothing would arrive after the first sends.
    await waitFor(
      async () => {
        const logs = await t.ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.eventId, event.id));
        return logs.length === SUBSCRIPTIONS && logs.every((log) => log.status === 'SUCCESS');
      },
      20_000,
      'every delivery of the event',
    );
    expect(receiver.requests).toHaveLength(SUBSCRIPTIONS);
    // Given back a bounded number of times: a few claims per finished send, not a claim per loop turn.
    expect((await saturatedDeferrals()) - before).toBeLessThan(SUBSCRIPTIONS * 5);
  });
});
