import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs, eventLogs, occurrences } from '../src/db/schema';
import { insertEvent, insertSubscription, setEventStatus } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

const harness = useDeliveryHarness({});

const emit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey, ...headers },
    body,
  });

async function countStored() {
  const { db } = harness.t.ctx;
  const [[o], [d], [e]] = await Promise.all([
    db.select({ n: count() }).from(occurrences),
    db.select({ n: count() }).from(deliveryLogs),
    db.select({ n: count() }).from(eventLogs),
  ]);
  return { occurrences: o?.n, deliveryLogs: d?.n, eventLogs: e?.n };
}

describe('POST /v1/events/emit with dryRun', () => {
  it('When a dry run is asked, then it answers each subscription outcome and stores and sends nothing', async () => {
    const { ctx } = harness.t;
    const event = await insertEvent(ctx, harness.app.id);
    const url = `${harness.receiver.url}/hook`;
    const plain = await insertSubscription(ctx, event.id, {
      targetUrl: url,
      jsonBody: { pedido: '{{data.id}}' },
    });
    const filtered = await insertSubscription(ctx, event.id, {
      targetUrl: url,
      filters: [
        { origin: 'BODY', field: 'id', operator: '>', value: '100' },
        { origin: 'HEADER', field: 'x-tenant', operator: '=', value: 'acme' },
      ],
    });
    const byHeader = await insertSubscription(ctx, event.id, {
      targetUrl: url,
      filters: [{ origin: 'HEADER', field: 'x-tenant', operator: '=', value: 'acme' }],
    });
    const disabled = await insertSubscription(ctx, event.id, { targetUrl: url, status: 'FAILED' });
    const inactive = await insertSubscription(ctx, event.id, { targetUrl: url, status: 'INACTIVE' });
    const before = await countStored();

    const body = { eventType: event.alias, applicationId: harness.app.id, data: { id: 42 } };
    const response = await emit({ ...body, dryRun: true }, { 'x-tenant': 'acme', 'idempotency-key': 'k-1' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      dryRun: true,
      eventId: event.id,
      deliveries: 2,
      ignored: 2,
      notice: null,
    });
    const outcome = (id: string) =>
      response.body.subscriptions.find((result: { subscriptionId: string }) => result.subscriptionId === id);
    expect(outcome(plain.id)).toEqual({
      subscriptionId: plain.id,
      outcome: 'DELIVER',
      reason: null,
      failures: [],
      body: { pedido: 42 },
    });
    expect(outcome(filtered.id)).toMatchObject({ outcome: 'IGNORED', failures: [{ index: 0 }] });
    expect(outcome(filtered.id).reason).toContain('1 filtro(s) falharam');
    expect(outcome(byHeader.id)).toMatchObject({ outcome: 'DELIVER', body: { id: 42 } });
    expect(outcome(disabled.id)).toMatchObject({
      outcome: 'IGNORED',
      reason: expect.stringContaining('desativada'),
    });
    expect(outcome(inactive.id)).toMatchObject({
      outcome: 'SKIPPED',
      reason: expect.stringContaining('inativa'),
    });
    expect(await countStored()).toEqual(before);

    // The idempotency key was not taken, and the real emit is the only request the receiver gets.
    const real = await emit(body, { 'x-tenant': 'acme', 'idempotency-key': 'k-1' });
    expect(real.status).toBe(202);
    expect(real.body).toMatchObject({ deliveries: 2, ignored: 2 });
    await waitFor(() => harness.receiver.requests.length >= 2, 10_000, 'the real deliveries');
    const [stored] = await harness.t.ctx.db
      .select({ n: count() })
      .from(deliveryLogs)
      .where(eq(deliveryLogs.occurrenceId, real.body.occurrenceId));
    expect(stored?.n).toBe(4);
    expect(await countStored()).toMatchObject({ occurrences: (before.occurrences ?? 0) + 1 });
    expect(harness.receiver.requests).toHaveLength(2);
  });

  it('When the event is paused, then the dry run says its deliveries would be held; inactive, then 409 as an emit', async () => {
    const { ctx } = harness.t;
    const event = await insertEvent(ctx, harness.app.id);
    await insertSubscription(ctx, event.id);
    const body = { eventType: event.alias, applicationId: harness.app.id, data: {}, dryRun: true };
    await setEventStatus(ctx, event.id, 'PAUSED');
    expect((await emit(body)).body.notice).toContain('Evento pausado');
    await setEventStatus(ctx, event.id, 'INACTIVE');
    const refused = await emit(body);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Evento inativo: emissões não são aceitas');
  });

  it('When a dry run names an unknown event or a wrong key, then 404 or 401 as an emit', async () => {
    const body = { eventType: 'nao.existe', applicationId: harness.app.id, data: {}, dryRun: true };
    expect((await emit(body)).status).toBe(404);
    const wrongKey = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': 'wm_nope' },
      body,
    });
    expect(wrongKey.status).toBe(401);
  });
});
