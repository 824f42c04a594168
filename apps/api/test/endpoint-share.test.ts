import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { startBlackHoleServer } from './support/black-hole-server';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

const SLOW_ANSWER_MS = 1_000;
/** DELIVERY_CONCURRENCY 16 at the default 25 %: each host may hold 4 slots while others wait. */
const SHARE = 4;

const harness = useDeliveryHarness(
  { DELIVERY_CONCURRENCY: '16', DELIVERY_TIMEOUT_MS: '60000', DELIVERY_POLL_MS: '20' },
  () => ({ status: 200, delayMs: SLOW_ANSWER_MS }),
);
let deadEndpoint: Awaited<ReturnType<typeof startBlackHoleServer>>;
beforeAll(async () => {
  deadEndpoint = await startBlackHoleServer();
});
afterAll(async () => {
  await deadEndpoint?.close();
});

/** The most requests that were being answered at one moment, each taking `answerMs` from its arrival. */
function peakConcurrency(arrivals: number[], answerMs: number) {
  return Math.max(
    0,
    ...arrivals.map((at) => arrivals.filter((other) => other <= at && at < other + answerMs).length),
  );
}

describe('slot share', () => {
  it('When a slow but healthy endpoint shares the pool with a dead one, then each holds its share, the slow one delivers everything, and /metrics counts the in-flight deliveries without a subscription id', async () => {
    const { t, app, receiver } = harness;
    const dead = await insertEvent(t.ctx, app.id);
    const slow = await insertEvent(t.ctx, app.id);
    const deadSubscription = await insertSubscription(t.ctx, dead.id, {
      targetUrl: `http://127.0.0.1:${deadEndpoint.port}/dead`,
    });
    const slowSubscription = await insertSubscription(t.ctx, slow.id, { targetUrl: `${receiver.url}/slow` });
    const emit = (alias: string) =>
      t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType: alias, data: {} },
      });
    for (let i = 0; i < 40; i++) expect((await emit(dead.alias)).status).toBe(202);
    await waitFor(() => deadEndpoint.connections() === SHARE, 10_000, 'the dead endpoint to hold its share');
    // /metrics is public by default: the figures, never which subscription (its health answers that).
    const metrics = (await t.get('/metrics', { token: null })).body as string;
    expect(metrics).toContain(`webhook_deliveries_in_flight ${SHARE}`);
    expect(metrics).toContain(`webhook_subscription_in_flight_max ${SHARE}`);
    expect(metrics).not.toContain(deadSubscription.id);
    expect(metrics.match(/="[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g)).toBeNull();
    for (let i = 0; i < 12; i++) expect((await emit(slow.alias)).status).toBe(202);

    await waitFor(
      async () =>
        (
          await t.ctx.db
            .select()
            .from(deliveryLogs)
            .where(eq(deliveryLogs.subscriptionId, slowSubscription.id))
        ).length === 12 &&
        (
          await t.ctx.db
            .select()
            .from(deliveryLogs)
            .where(eq(deliveryLogs.subscriptionId, slowSubscription.id))
        ).every((log) => log.status === 'SUCCESS'),
      30_000,
      "the slow endpoint's deliveries",
    );
    expect(receiver.requests).toHaveLength(12);
    // The slow endpoint had its full share at once, never more (it is not quick: it may not borrow).
    expect(
      peakConcurrency(
        receiver.requests.map((request) => request.receivedAt),
        SLOW_ANSWER_MS,
      ),
    ).toBe(SHARE);
    // The dead endpoint never held more than its share either, though it had the larger backlog.
    expect(deadEndpoint.peakConnections()).toBe(SHARE);
  });
});
