import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs, endpointCircuits } from '../src/db/schema';
import { DEAD_ENDPOINT_REASON } from '../src/delivery/housekeeping';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import {
  COOLDOWN_MS,
  DISABLE_AFTER_MS,
  failProbesUntilDisabled,
  QUICK_CIRCUIT_SETTINGS,
} from './support/quick-circuit';
import { waitFor } from './support/wait-for';

let isFailing = true;
/** Moving it ends a cool-down without waiting for it. */
const clock = createFakeClock();

const harness = useDeliveryHarness(
  {
    ...QUICK_CIRCUIT_SETTINGS,
  },
  (request) => (isFailing || request.url.includes('/dead') ? { status: 503, body: 'down' } : { status: 200 }),
  { clock },
);

/** A subscription of a new event at `path` of the receiver, how to emit to it, and its circuit row. */
async function startSubscription(path: string) {
  const { t, app, receiver } = harness;
  const event = await insertEvent(t.ctx, app.id);
  const subscription = await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/${path}` });
  const emit = async () => {
    const answer = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { applicationId: app.id, eventType: event.alias, data: { n: 1 } },
    });
    expect(answer.status).toBe(202);
    return answer.body.occurrenceId as string;
  };
  const circuit = async () => {
    const [row] = await t.ctx.db
      .select()
      .from(endpointCircuits)
      .where(eq(endpointCircuits.subscriptionId, subscription.id));
    return row;
  };
  return { t, event, subscription, emit, circuit };
}

describe('circuit breaker', () => {
  it('When an endpoint keeps failing, then its circuit opens, defers without spending retries, probes, and closes on a success', async () => {
    const { t, event, subscription, emit, circuit } = await startSubscription('flaky');
    const { receiver } = harness;
    const logs = () =>
      t.ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.subscriptionId, subscription.id));
    const health = async () => (await t.get(`/v1/subscriptions/${subscription.id}/health`)).body.data;

    // Three failed attempts open it.
    for (let i = 0; i < 3; i++) await emit();
    const opened = await waitFor(async () => {
      const row = await circuit();
      return row?.state === 'OPEN' ? row : null;
    });
    expect(receiver.requests).toHaveLength(3);
    expect(opened.openCount).toBe(1);
    const firstCooldown = (opened.openUntil?.getTime() ?? 0) - opened.changedAt.getTime();
    expect(firstCooldown).toBeGreaterThanOrEqual(COOLDOWN_MS * 0.8);
    expect(firstCooldown).toBeLessThanOrEqual(COOLDOWN_MS * 1.2);
    expect(await health()).toMatchObject({
      circuit: { state: 'OPEN', openUntil: opened.openUntil?.toISOString() },
      consecutiveFailures: 3,
    });
    const list = await t.get(`/v1/subscriptions?eventId=${event.id}`);
    expect(list.body.data[0].circuit).toEqual({ state: 'OPEN', openUntil: opened.openUntil?.toISOString() });

    // While it is open, new deliveries are deferred: written, not sent, nothing spent.
    const deferred: string[] = [];
    for (let i = 0; i < 4; i++) deferred.push(await emit());
    const waiting = (await logs()).filter((log) => deferred.includes(log.occurrenceId));
    expect(waiting.map((log) => [log.status, log.attemptCount])).toEqual(deferred.map(() => ['PENDING', 0]));
    const metrics = (await t.get('/metrics', { token: null })).body as string;
    expect(metrics).toContain('webhook_circuits{state="OPEN"} 1');
    expect(metrics).toContain('webhook_circuit_transitions_total{to="OPEN"} 1');
    expect(metrics).toContain('webhook_delivery_deferrals_total{path="immediate",reason="circuit"} 4');

    // The cool-down ends: one probe; it fails, so the circuit opens again for longer.
    clock.advance(COOLDOWN_MS * 1.3);
    const reopened = await waitFor(async () => {
      const row = await circuit();
      return row?.state === 'OPEN' && row.openCount === 2 ? row : null;
    });
    expect(receiver.requests).toHaveLength(4);
    const secondCooldown = (reopened.openUntil?.getTime() ?? 0) - reopened.changedAt.getTime();
    expect(secondCooldown).toBeGreaterThanOrEqual(COOLDOWN_MS * 2 * 0.8);

    // The endpoint is back: the next probe succeeds, the circuit closes and the deferred go.
    isFailing = false;
    clock.advance(COOLDOWN_MS * 2.5);
    // The failed probe's delivery waits for its own retry; the other deferred ones are sent now.
    await waitFor(
      async () => (await logs()).filter((log) => log.status === 'SUCCESS').length === deferred.length - 1,
      10_000,
      'the deferred deliveries to succeed',
    );
    const closed = await circuit();
    expect(closed).toMatchObject({ state: 'CLOSED', consecutiveFailures: 0, openCount: 0 });
    const final = await logs();
    // Every delivery was attempted exactly once: the deferral spent nothing, and none is FAILED.
    expect(final.map((log) => log.attemptCount)).toEqual(final.map(() => 1));
    expect(final.filter((log) => log.status === 'FAILED')).toEqual([]);
    expect(final.filter((log) => log.status === 'RETRYING')).toHaveLength(3 + 1);
    expect(receiver.requests).toHaveLength(3 + 1 + 3);
    expect((await health()).circuit).toEqual({ state: 'CLOSED', openUntil: null });
  });

  it('When a circuit stays open, its probes failing, for the whole disable period, then the subscription is disabled and the deliveries it held end with the reason', async () => {
    const { t, subscription, emit, circuit } = await startSubscription('dead');
    const view = async () => (await t.get(`/v1/subscriptions/${subscription.id}`)).body.data;

    for (let i = 0; i < 3; i++) await emit();
    const opened = await waitFor(async () => ((await circuit())?.state === 'OPEN' ? circuit() : null));
    expect(opened.openSince).toEqual(opened.changedAt);
    // Enough held deliveries for every probe to have one to send.
    const held: string[] = [];
    for (let i = 0; i < 6; i++) held.push(await emit());

    // Each cool-down ends and its probe fails: the circuit opens again, keeping since when it is open.
    await failProbesUntilDisabled({
      clock,
      circuit,
      isDisabled: async () => (await view()).status === 'FAILED',
      onReopen: async () => expect((await circuit())?.openSince).toEqual(opened.openSince),
    });
    const disabled = await view();
    expect(disabled).toMatchObject({ status: 'FAILED', disabledReason: 'CIRCUIT_OPEN' });
    expect(clock().getTime() - (opened.openSince?.getTime() ?? 0)).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);

    // What it held ends FAILED, saying why, so the owner can resend it once the endpoint is back;
    // the deliveries retrying end when their retry comes.
    clock.advance(2 * 3_600_000);
    const ended = await waitFor(async () => {
      const rows = await t.ctx.db
        .select()
        .from(deliveryLogs)
        .where(eq(deliveryLogs.subscriptionId, subscription.id));
      return rows.every((row) => row.status === 'FAILED') ? rows : null;
    });
    expect(ended.filter((row) => held.includes(row.occurrenceId))).toHaveLength(held.length);
    expect(new Set(ended.map((row) => row.errorMessage))).toEqual(new Set([DEAD_ENDPOINT_REASON]));
  });
});
