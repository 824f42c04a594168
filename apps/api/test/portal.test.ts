import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { insertDeliveryLog } from './support/delivery-log-fixture';
import { createFakeClock } from './support/fake-clock';
import { waitFor } from './support/wait-for';

const clock = createFakeClock();
const logLines: string[] = [];
const harness = useDeliveryHarness(
  { ALLOW_PRIVATE_TARGETS: 'true', DELIVERY_POLL_MS: '20', LOG_LEVEL: 'trace' },
  undefined,
  {
    clock,
    logLines,
  },
);

type World = Awaited<ReturnType<typeof seed>>;
const w = {} as World;

async function seed() {
  const { t } = harness;
  const app = await insertApplication(t.ctx);
  const created = await insertEvent(t.ctx, app.id, { alias: 'pedido.criado', name: 'Pedido criado' });
  const paid = await insertEvent(t.ctx, app.id, { alias: 'pedido.pago', name: 'Pedido pago' });
  const other = await insertApplication(t.ctx);
  const otherEvent = await insertEvent(t.ctx, other.id, { alias: 'pedido.criado' });
  const otherSubscription = await insertSubscription(t.ctx, otherEvent.id, {
    consumerApplicationId: other.id,
    consumerId: 'cliente-1',
  });
  const neighbour = await insertSubscription(t.ctx, created.id, {
    consumerApplicationId: app.id,
    consumerId: 'cliente-2',
  });
  return { app, created, paid, other, otherSubscription, neighbour };
}

beforeAll(async () => {
  Object.assign(w, await seed());
});

const byKey = (apiKey: string) => ({ token: null, headers: { 'x-api-key': apiKey } });

async function openSession(body: Record<string, unknown>) {
  const answer = await harness.t.post(`/v1/applications/${w.app.id}/portal-sessions`, {
    ...byKey(w.app.apiKey),
    body: { consumerId: 'cliente-1', ...body },
  });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; url: string; token: string; expiresAt: string };
}

const subscriptionBody = (eventId: string, targetUrl = 'https://example.com/hook') => ({
  eventId,
  name: 'Meu endpoint',
  targetUrl,
  jsonBody: { pedido: '{{data.n}}' },
});

describe('portal sessions', () => {
  it('When the API key opens a session, then it answers a link with the token in its fragment', async () => {
    const session = await openSession({});
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.url).toMatch(new RegExp(`/portal/${w.app.id}#token=`));
    expect(session.url.endsWith(`#token=${session.token}`)).toBe(true);
    expect(new Date(session.expiresAt).getTime() - clock().getTime()).toBe(60 * 60_000);
  });

  it('When the session asks for an event the application lacks or too long a life, then 400', async () => {
    const { t } = harness;
    const unknown = await t.post(`/v1/applications/${w.app.id}/portal-sessions`, {
      ...byKey(w.app.apiKey),
      body: { consumerId: 'cliente-1', eventAliases: ['nao.existe'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('nao.existe');
    const tooLong = await t.post(`/v1/applications/${w.app.id}/portal-sessions`, {
      ...byKey(w.app.apiKey),
      body: { consumerId: 'cliente-1', expiresInMinutes: 10_081 },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('the portal API', () => {
  it("When the consumer creates and reads its endpoints, then it sees only its own and its application's events", async () => {
    const { t } = harness;
    const { token } = await openSession({});
    const events = await t.get('/v1/portal/events', { token });
    expect(events.status).toBe(200);
    expect(events.body.data.map((event: { alias: string }) => event.alias).sort()).toEqual([
      'pedido.criado',
      'pedido.pago',
    ]);
    const created = await t.post('/v1/portal/subscriptions', { token, body: subscriptionBody(w.created.id) });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ consumerId: 'cliente-1', permissions: { canWrite: true } });
    const listed = await t.get('/v1/portal/subscriptions', { token });
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([created.body.data.id]);

    const id = created.body.data.id as string;
    const renamed = await t.put(`/v1/portal/subscriptions/${id}`, { token, body: { name: 'Renomeado' } });
    expect(renamed.body.data.name).toBe('Renomeado');
    const rotated = await t.post(`/v1/portal/subscriptions/${id}/rotate-secret`, { token });
    expect(rotated.body.data.secret).not.toBe(created.body.data.secret);
    const health = await t.get(`/v1/portal/subscriptions/${id}/health`, { token });
    expect(health.status).toBe(200);
    expect((await t.del(`/v1/portal/subscriptions/${id}`, { token })).status).toBe(204);
  });

  it('When the consumer sets filters, a body template and a header, then the portal keeps and answers them', async () => {
    const { t } = harness;
    const { token } = await openSession({});
    const filters = [{ origin: 'BODY', field: 'pedido.status', operator: '=', value: 'pago' }];
    const created = await t.post('/v1/portal/subscriptions', {
      token,
      body: {
        ...subscriptionBody(w.created.id),
        jsonBody: '{"id": "{{payload.pedido.id}}"}',
        filters,
        authType: 'API_KEY',
        authDetails: { key: 'X-Cliente', value: 'segredo-1' },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const read = await t.get(`/v1/portal/subscriptions/${id}`, { token });
    expect(read.body.data).toMatchObject({
      jsonBody: { id: '{{payload.pedido.id}}' },
      filters,
      authType: 'API_KEY',
      authDetails: { key: 'X-Cliente', value: 'segredo-1' },
    });

    const edited = await t.put(`/v1/portal/subscriptions/${id}`, {
      token,
      body: { filters: [], jsonBody: '', authType: 'BEARER', authDetails: { token: 'abc' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ filters: [], jsonBody: null, authType: 'BEARER' });
    const invalid = await t.post('/v1/portal/subscriptions', {
      token,
      body: { ...subscriptionBody(w.created.id), filters: [{ origin: 'BODY', field: '', operator: '=' }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toContain('Filtro 1');
  });

  it("When the session reaches another consumer's or application's subscription, then 404", async () => {
    const { t } = harness;
    const { token } = await openSession({});
    for (const id of [w.neighbour.id, w.otherSubscription.id]) {
      const read = await t.get(`/v1/portal/subscriptions/${id}`, { token });
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ error: 'Assinatura não encontrada', code: 'NOT_FOUND' });
      expect((await t.put(`/v1/portal/subscriptions/${id}`, { token, body: { name: 'x' } })).status).toBe(
        404,
      );
      expect((await t.del(`/v1/portal/subscriptions/${id}`, { token })).status).toBe(404);
    }
    const foreignEvent = await t.post('/v1/portal/subscriptions', {
      token,
      body: subscriptionBody(w.other.id),
    });
    expect(foreignEvent.status).toBe(404);
  });

  it('When the session is limited to some events, then the others are neither offered nor reachable', async () => {
    const { t } = harness;
    const wide = await openSession({});
    const onPaid = await t.post('/v1/portal/subscriptions', {
      token: wide.token,
      body: subscriptionBody(w.paid.id),
    });
    const { token } = await openSession({ eventAliases: ['pedido.criado'] });
    const events = await t.get('/v1/portal/events', { token });
    expect(events.body.data.map((event: { alias: string }) => event.alias)).toEqual(['pedido.criado']);
    expect(
      (await t.post('/v1/portal/subscriptions', { token, body: subscriptionBody(w.paid.id) })).status,
    ).toBe(404);
    expect((await t.get(`/v1/portal/subscriptions/${onPaid.body.data.id}`, { token })).status).toBe(404);
  });

  it('When the session is read-only, then writes answer 403 in its language and reads pass', async () => {
    const { t } = harness;
    const { token } = await openSession({ readOnly: true, locale: 'en' });
    expect((await t.get('/v1/portal/subscriptions', { token })).status).toBe(200);
    const refused = await t.post('/v1/portal/subscriptions', { token, body: subscriptionBody(w.created.id) });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This portal session is read-only', code: 'FORBIDDEN' });
    const missing = await t.get(`/v1/portal/subscriptions/${w.neighbour.id}`, { token });
    expect(missing.body.error).toBe('Subscription not found');
  });

  it('When a console route is called with a portal token, or the portal with a console token, then 401', async () => {
    const { t } = harness;
    const { token } = await openSession({});
    expect((await t.get('/v1/subscriptions', { token })).status).toBe(401);
    expect((await t.get(`/v1/applications/${w.app.id}/consumers`, { token })).status).toBe(401);
    const withConsole = await t.get('/v1/portal/subscriptions', { token: t.adminToken });
    expect(withConsole.status).toBe(401);
    expect(withConsole.body.code).toBe('UNAUTHORIZED');
  });

  it('When the clock passes the expiry, then the token answers 401', async () => {
    const { t } = harness;
    const { token } = await openSession({ expiresInMinutes: 1 });
    expect((await t.get('/v1/portal/events', { token })).status).toBe(200);
    clock.advance(60_001);
    const expired = await t.get('/v1/portal/events', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('Sessão do portal inválida, expirada ou revogada');
  });

  it('When a session or all of a consumer’s are revoked, then their tokens answer 401', async () => {
    const { t } = harness;
    const one = await openSession({});
    const revoked = await t.del(
      `/v1/applications/${w.app.id}/portal-sessions/${one.id}`,
      byKey(w.app.apiKey),
    );
    expect(revoked.status).toBe(204);
    expect((await t.get('/v1/portal/events', { token: one.token })).status).toBe(401);
    const again = await t.del(`/v1/applications/${w.app.id}/portal-sessions/${one.id}`, byKey(w.app.apiKey));
    expect(again.status).toBe(404);

    const [a, b] = [await openSession({}), await openSession({})];
    const all = await t.del(
      `/v1/applications/${w.app.id}/consumers/cliente-1/portal-sessions`,
      byKey(w.app.apiKey),
    );
    expect(all.status).toBe(204);
    for (const session of [a, b]) {
      expect((await t.get('/v1/portal/events', { token: session.token })).status).toBe(401);
    }
  });

  it('When a delivery failed, then the consumer reads its log and resends it', async () => {
    const { t, receiver } = harness;
    const { token } = await openSession({});
    const created = await t.post('/v1/portal/subscriptions', {
      token,
      body: subscriptionBody(w.created.id, `${receiver.url}/portal-resend`),
    });
    const subscriptionId = created.body.data.id as string;
    await insertDeliveryLog(t, {
      event: w.created,
      applicationId: w.app.id,
      subscriptionId,
      status: 'FAILED',
    });
    const neighbourOccurrence = await insertDeliveryLog(t, {
      event: w.created,
      applicationId: w.app.id,
      subscriptionId: w.neighbour.id,
      status: 'FAILED',
    });
    const logs = await t.get(`/v1/portal/logs?status=FAILED&subscriptionId=${subscriptionId}`, { token });
    expect(logs.status).toBe(200);
    expect(logs.body.data).toHaveLength(1);
    const logId = logs.body.data[0].id as string;
    expect((await t.get(`/v1/portal/logs/${logId}`, { token })).body.data.status).toBe('FAILED');

    const [neighbourLog] = await t.ctx.db
      .select({ id: deliveryLogs.id })
      .from(deliveryLogs)
      .where(eq(deliveryLogs.occurrenceId, neighbourOccurrence));
    expect((await t.get(`/v1/portal/logs/${neighbourLog?.id}`, { token })).status).toBe(404);
    expect((await t.post(`/v1/portal/logs/${neighbourLog?.id}/resend`, { token })).status).toBe(404);
    const everyLog = await t.get('/v1/portal/logs?limit=100', { token });
    expect(everyLog.body.data.map((log: { id: string }) => log.id)).not.toContain(neighbourLog?.id);

    const resent = await t.post(`/v1/portal/logs/${logId}/resend`, { token });
    expect(resent.status).toBe(200);
    await waitFor(() => receiver.requests.some((request) => request.url === '/portal-resend'));
  });

  it('When the token is used, then the database keeps only its hash and no log line carries it', async () => {
    const { t } = harness;
    const { token } = await openSession({});
    await t.get('/v1/portal/subscriptions', { token });
    await t.get('/v1/portal/nowhere', { token });
    const tables = (await t.ctx.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    let hashes = 0;
    for (const { table_name: table } of tables.rows) {
      const found = (await t.ctx.db.execute(
        sql`SELECT count(*) FILTER (WHERE t::text LIKE ${`%${token}%`})::int AS clear,
                   count(*) FILTER (WHERE t::text LIKE ${`%${sha256(token)}%`})::int AS hashed
            FROM ${sql.identifier(table)} t`,
      )) as unknown as { rows: Array<{ clear: number; hashed: number }> };
      expect(found.rows[0]?.clear, table).toBe(0);
      hashes += found.rows[0]?.hashed ?? 0;
    }
    expect(hashes).toBe(1);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });
});
