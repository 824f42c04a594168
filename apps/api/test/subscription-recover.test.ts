import { RECOVER_DISABLED_MESSAGE } from '@wm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs, endpointCircuits } from '../src/db/schema';
import { SKIPPED_WHILE_DISABLED_REASON } from '../src/delivery/plan-delivery-logs';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import { failProbesUntilDisabled, QUICK_CIRCUIT_SETTINGS } from './support/quick-circuit';
import { waitFor } from './support/wait-for';

let isFailing = true;
/** Successful deliveries the receiver took, per webhook-id (one id per occurrence and subscription). */
const delivered = new Map<string, number>();
const clock = createFakeClock();

const harness = useDeliveryHarness(
  {
    ...QUICK_CIRCUIT_SETTINGS,
  },
  (request) => {
    if (isFailing) return { status: 503, body: 'down' };
    const id = String(request.headers['webhook-id']);
    delivered.set(id, (delivered.get(id) ?? 0) + 1);
    return { status: 200 };
  },
  { clock },
);

describe('recover a subscription', () => {
  it('When a dead endpoint is disabled, comes back and its owner re-enables and recovers, then every missed event arrives exactly once, a second recover doubles nothing, and others are refused', async () => {
    const { t, app, receiver } = harness;
    const event = await insertEvent(t.ctx, app.id);
    const subscription = await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/dead` });
    const status = async () => (await t.get(`/v1/subscriptions/${subscription.id}`)).body.data.status;
    const logs = () =>
      t.ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.subscriptionId, subscription.id));
    const circuit = async () => {
      const [row] = await t.ctx.db
        .select()
        .from(endpointCircuits)
        .where(eq(endpointCircuits.subscriptionId, subscription.id));
      return row;
    };
    const emitted: string[] = [];
    const emit = async () => {
      const answer = await t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType: event.alias, data: { n: emitted.length } },
      });
      expect(answer.status).toBe(202);
      emitted.push(answer.body.occurrenceId);
    };
    const recover = (body: object, token?: string) =>
      t.post(`/v1/subscriptions/${subscription.id}/recover`, { body, ...(token ? { token } : {}) });
    const firstFailure = clock().toISOString();

    // It fails until its circuit opens; more deliveries are held; the probes fail until it is disabled.
    for (let i = 0; i < 3; i++) await emit();
    await waitFor(async () => (await circuit())?.state === 'OPEN');
    for (let i = 0; i < 6; i++) await emit();
    await failProbesUntilDisabled({ clock, circuit, isDisabled: async () => (await status()) === 'FAILED' });
    // What it held ends FAILED (the housekeeping sweep), the retrying ones when their retry comes.
    clock.advance(2 * 3_600_000);
    await waitFor(async () => (await logs()).every((log) => log.status === 'FAILED'));

    // Emitted while it is disabled: skipped, and recorded as such.
    for (let i = 0; i < 4; i++) await emit();
    const skipped = (await logs()).filter((log) => log.status === 'IGNORED');
    expect(skipped.map((log) => log.errorMessage)).toEqual(Array(4).fill(SKIPPED_WHILE_DISABLED_REASON));
    expect(skipped.map((log) => log.payloadSent)).toEqual(Array(4).fill(null));

    // Refused while disabled, and for someone who may not write it.
    const disabledAnswer = await recover({ since: firstFailure });
    expect(disabledAnswer.status).toBe(409);
    expect(disabledAnswer.body).toEqual({ error: RECOVER_DISABLED_MESSAGE, code: 'CONFLICT' });
    const stranger = await t.createUser();
    expect((await recover({ since: firstFailure }, stranger.token)).status).toBe(404);

    // The endpoint is back; the owner re-enables it and recovers since the first failure.
    isFailing = false;
    expect((await t.put(`/v1/subscriptions/${subscription.id}`, { body: { status: 'ACTIVE' } })).status).toBe(
      200,
    );
    const beyond = await recover({ since: new Date(clock().getTime() - 400 * 86_400_000).toISOString() });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatch(/período de retenção/);
    const first = await recover({ since: firstFailure });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { queued: emitted.length, alreadyRecovered: 0 } });
    const ids = (await logs()).map((log) => log.id);
    // Its circuit, still open, lets a probe through once its cool-down ends; small steps of the
    // clock, so that no send outlives its lease meanwhile.
    await waitFor(async () => (await circuit())?.state === 'CLOSED', 20_000, 'the circuit to close', {
      clock,
      stepMs: 1_000,
    });
    await waitFor(
      async () => (await logs()).every((log) => log.status === 'SUCCESS'),
      20_000,
      'every recovered delivery to succeed',
    );
    expect(ids).toHaveLength(emitted.length);
    expect(ids.map((id) => delivered.get(id))).toEqual(ids.map(() => 1));

    // Recovering the same window again queues nothing: each was recovered once.
    const second = await recover({ since: firstFailure });
    expect(second.body).toEqual({ data: { queued: 0, alreadyRecovered: emitted.length } });
    expect((await logs()).filter((log) => log.status !== 'SUCCESS')).toEqual([]);
    expect([...delivered.values()].reduce((sum, n) => sum + n, 0)).toBe(emitted.length);
    const metrics = (await t.get('/metrics', { token: null })).body as string;
    expect(metrics).toContain('webhook_recoveries_total 2');
    expect(metrics).toContain(`webhook_recovered_deliveries_total{kind="skipped"} 4`);
    expect(metrics).toContain(`webhook_recovered_deliveries_total{kind="failed"} ${emitted.length - 4}`);
  });

  it('When the recover window is malformed, then it answers 400 in pt-BR', async () => {
    const { t, app } = harness;
    const event = await insertEvent(t.ctx, app.id);
    const subscription = await insertSubscription(t.ctx, event.id);
    const recover = (body: object) => t.post(`/v1/subscriptions/${subscription.id}/recover`, { body });
    const since = clock().toISOString();
    expect((await recover({})).body.error).toBe('Informe desde quando recuperar');
    expect((await recover({ since: 'ontem' })).body.error).toBe('Data inválida');
    const backwards = await recover({ since, until: new Date(clock().getTime() - 1000).toISOString() });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('O fim deve ser posterior ao início');
  });
});
