import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs, subscriptions } from '../src/db/schema';
import { type AccessRole, insertAccessRoles } from './support/access-roles-fixture';
import { insertDeliveryLog } from './support/delivery-log-fixture';
import { createEvent, createSubscription, insertApplication } from './support/event-fixtures';
import { startWithOwnedApplication, type TestUser } from './support/owned-application-fixture';
import type { TestApp } from './support/test-app';
import { expectCreateRefusals } from './support/validation-cases';

const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32}$/;

describe('subscriptions', () => {
  let t: TestApp;
  let owner: TestUser;
  let appId: string;
  let event: { id: string; name: string; alias: string };

  beforeAll(async () => {
    ({ t, owner, appId } = await startWithOwnedApplication());
    event = await createEvent(t, appId, { name: 'Pedido pago', alias: 'order.paid' }, owner.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When the owner creates, reads, updates and deletes a subscription, then each step answers its status and the subscription as stored', async () => {
    const created = await t.post('/v1/subscriptions', {
      token: owner.token,
      body: {
        eventId: event.id,
        name: 'ERP',
        targetUrl: 'https://erp.example.com/hooks',
        authType: 'API_KEY',
        authDetails: { key: 'x-api-key', value: 'abc', username: 'dropped' },
        jsonBody: '{"id": "#eventId#", "data": "#data#"}',
        filters: [
          { origin: 'BODY', field: 'order.total', operator: '>=', value: '100' },
          { origin: 'HEADER', field: 'X-Tenant', operator: '=', value: 42 },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      eventId: event.id,
      name: 'ERP',
      status: 'ACTIVE',
      targetUrl: 'https://erp.example.com/hooks',
      httpMethod: 'POST',
      authType: 'API_KEY',
      authDetails: { key: 'x-api-key', value: 'abc' },
      jsonBody: { id: '#eventId#', data: '#data#' },
      filters: [
        { origin: 'BODY', field: 'order.total', operator: '>=', value: '100' },
        { origin: 'HEADER', field: 'X-Tenant', operator: '=', value: '42' },
      ],
      attempts: 0,
      _count: { attempts: 0 },
      event: { id: event.id, name: 'Pedido pago', alias: 'order.paid' },
      permissions: { canWrite: true, canDelete: true },
    });
    expect(created.body.data.authDetails).not.toHaveProperty('username');
    expect(created.body.data.secret).toMatch(SECRET_PATTERN);
    const id = created.body.data.id;

    const read = await t.get(`/v1/subscriptions/${id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.data.secret).toBe(created.body.data.secret);

    const updated = await t.put(`/v1/subscriptions/${id}`, {
      token: owner.token,
      body: {
        name: 'ERP 2',
        httpMethod: 'PUT',
        status: 'PAUSED',
        authType: 'NONE',
        jsonBody: '',
        filters: [],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'ERP 2',
      httpMethod: 'PUT',
      status: 'PAUSED',
      authType: 'NONE',
      authDetails: null,
      jsonBody: null,
      filters: [],
      targetUrl: 'https://erp.example.com/hooks',
      secret: created.body.data.secret,
    });
    for (const status of ['ACTIVE', 'INACTIVE', 'FAILED']) {
      const res = await t.put(`/v1/subscriptions/${id}`, { token: owner.token, body: { status } });
      expect(res.body.data.status).toBe(status);
    }

    const rotated = await t.post(`/v1/subscriptions/${id}/rotate-secret`, { token: owner.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(SECRET_PATTERN);
    expect(rotated.body.data.secret).not.toBe(created.body.data.secret);

    expect((await t.del(`/v1/subscriptions/${id}`, { token: owner.token })).status).toBe(204);
    const gone = await t.get(`/v1/subscriptions/${id}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Assinatura não encontrada', code: 'NOT_FOUND' });
  });

  it('When create input breaks a rule, then 400 with the pt-BR message of the broken rule', async () => {
    const base = { eventId: event.id, name: 'Assinatura', targetUrl: 'https://e.com/h', jsonBody: { a: 1 } };
    const filter = { origin: 'BODY', field: 'a', operator: '=', value: '1' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'Nome é obrigatório'],
      [{ name: undefined }, 'Nome é obrigatório'],
      [{ name: 'x'.repeat(256) }, 'Nome deve ter no máximo 255 caracteres'],
      [{ targetUrl: '' }, 'URL é obrigatória'],
      [{ targetUrl: undefined }, 'URL é obrigatória'],
      [{ targetUrl: 'example.com/hook' }, 'URL deve começar com http:// ou https://'],
      [{ targetUrl: 'http://exa mple.com:99999' }, 'URL inválida'],
      [{ eventId: undefined }, 'Evento é obrigatório'],
      [{ eventId: 'not-a-uuid' }, 'Evento inválido'],
      [{ httpMethod: 'HEAD' }, 'Método HTTP inválido'],
      [{ status: 'DELETED' }, 'Status inválido'],
      [{ jsonBody: undefined }, 'JSON Body é obrigatório'],
      [{ jsonBody: '' }, 'JSON Body é obrigatório'],
      [{ jsonBody: '{oops' }, 'JSON Body deve ser um JSON válido'],
      [{ authType: 'BASIC', authDetails: { password: 'p' } }, 'Usuário é obrigatório'],
      [{ authType: 'BASIC', authDetails: { username: 'u' } }, 'Senha é obrigatória'],
      [{ authType: 'BEARER', authDetails: { token: '  ' } }, 'Token é obrigatório'],
      [{ authType: 'API_KEY', authDetails: { value: 'v' } }, 'Chave é obrigatória'],
      [{ authType: 'API_KEY', authDetails: { key: 'k' } }, 'Valor é obrigatório'],
      [{ filters: [filter, { ...filter, field: '' }] }, 'Filtro 2: Campo é obrigatório'],
      [{ filters: [{ ...filter, value: '' }] }, 'Filtro 1: Valor é obrigatório'],
      [{ filters: [{ ...filter, operator: '' }] }, 'Filtro 1: Operador é obrigatório'],
      [{ filters: [{ ...filter, operator: 'LIKE' }] }, 'Filtro 1: Operador inválido'],
      [{ filters: [{ ...filter, origin: undefined }] }, 'Filtro 1: Origem é obrigatória'],
      [{ filters: [{ ...filter, origin: 'QUERY' }] }, 'Filtro 1: Origem inválida'],
      [
        { filters: [filter, filter, { ...filter, operator: '>', value: 'abc' }] },
        'Filtro 3: Valor deve ser numérico para este operador',
      ],
      [
        { filters: [{ ...filter, operator: '<=', value: 'dez' }] },
        'Filtro 1: Valor deve ser numérico para este operador',
      ],
      [{ filters: ['texto'] }, 'Filtro 1: Filtro inválido'],
      [{ filters: 'nope' }, 'Filtros devem ser uma lista'],
      [{ rateLimitPerSecond: 0 }, 'Limite de envios por segundo deve ser no mínimo 1'],
      [{ rateLimitPerSecond: 10_001 }, 'Limite de envios por segundo deve ser no máximo 10.000'],
      [{ rateLimitPerSecond: '5' }, 'Limite de envios por segundo deve ser um número'],
      [{ maxInFlight: 1.5 }, 'Máximo de envios simultâneos deve ser um número inteiro'],
      [{ maxInFlight: 1_001 }, 'Máximo de envios simultâneos deve ser no máximo 1.000'],
    ];
    await expectCreateRefusals(t, '/v1/subscriptions', owner.token, base, cases);
    const numeric = await t.post('/v1/subscriptions', {
      token: owner.token,
      body: { ...base, filters: [{ ...filter, operator: '>', value: '10.5' }] },
    });
    expect(numeric.status).toBe(201);
    const missing = await t.post('/v1/subscriptions', {
      token: owner.token,
      body: { ...base, eventId: '0195f0e0-0000-7000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Evento não encontrado');
  });

  it('When an update breaks a rule, then 400 with the edit message and nothing changes', async () => {
    const subscription = await createSubscription(t, event.id, {}, owner.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ jsonBody: '{oops' }, 'O JSON Body deve ser um JSON válido.'],
      [{ authType: 'BEARER' }, 'Token é obrigatório'],
      [{ targetUrl: 'ftp://x' }, 'URL deve começar com http:// ou https://'],
      [
        { filters: [{ origin: 'BODY', field: 'a', operator: '<', value: 'x' }] },
        'Filtro 1: Valor deve ser numérico para este operador',
      ],
      [{ name: '' }, 'Nome é obrigatório'],
      [{ maxInFlight: 0 }, 'Máximo de envios simultâneos deve ser no mínimo 1'],
    ];
    for (const [body, message] of cases) {
      const res = await t.put(`/v1/subscriptions/${subscription.id}`, { token: owner.token, body });
      expect({ body, status: res.status, error: res.body.error }).toEqual({
        body,
        status: 400,
        error: message,
      });
    }
    const after = await t.get(`/v1/subscriptions/${subscription.id}`, { token: owner.token });
    expect(after.body.data.updatedAt).toBe(subscription.updatedAt);
  });

  it('When limits are set, then they are answered, kept by a PUT without them, and cleared by null', async () => {
    const created = await createSubscription(
      t,
      event.id,
      { rateLimitPerSecond: 20, maxInFlight: 4 },
      owner.token,
    );
    expect(created).toMatchObject({
      rateLimitPerSecond: 20,
      maxInFlight: 4,
      circuit: { state: 'CLOSED', openUntil: null },
    });
    const renamed = await t.put(`/v1/subscriptions/${created.id}`, {
      token: owner.token,
      body: { name: 'Outra' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Outra', rateLimitPerSecond: 20, maxInFlight: 4 });
    const cleared = await t.put(`/v1/subscriptions/${created.id}`, {
      token: owner.token,
      body: { rateLimitPerSecond: null, maxInFlight: null },
    });
    expect(cleared.body.data).toMatchObject({ rateLimitPerSecond: null, maxInFlight: null });
    const health = await t.get(`/v1/subscriptions/${created.id}/health`, { token: owner.token });
    expect(health.status).toBe(200);
    expect(health.body.data).toEqual({
      circuit: { state: 'CLOSED', openUntil: null },
      inFlight: 0,
      consecutiveFailures: 0,
      rateLimitPerSecond: null,
      maxInFlight: null,
      fifo: { heldKeys: 0, oldestHeldAt: null },
      lastHour: { attempts: 0, successRate: null, p50Ms: null, p95Ms: null },
      lastDay: { attempts: 0, successRate: null, p50Ms: null, p95Ms: null },
    });
    const stranger = await t.createUser();
    const hidden = await t.get(`/v1/subscriptions/${created.id}/health`, { token: stranger.token });
    expect(hidden.status).toBe(404);
  });

  it('When a subscription is deleted, then its delivery logs go with it', async () => {
    const subscription = await createSubscription(t, event.id, {}, owner.token);
    await insertDeliveryLog(t, {
      event,
      applicationId: appId,
      subscriptionId: subscription.id,
      status: 'FAILED',
    });
    expect((await t.del(`/v1/subscriptions/${subscription.id}`, { token: owner.token })).status).toBe(204);
    const logs = await t.ctx.db
      .select()
      .from(deliveryLogs)
      .where(eq(deliveryLogs.subscriptionId, subscription.id));
    expect(logs).toEqual([]);
  });

  it('When listing, then pages, stats with summed attempts, filters and a search that finds rows past page 1', async () => {
    const user = await t.createUser();
    const app = await insertApplication(t, { ownerId: user.id });
    const own = await createEvent(t, app, {}, user.token);
    const other = await createEvent(t, app, {}, user.token);
    const needle = await createSubscription(
      t,
      own.id,
      { name: 'Agulha', targetUrl: 'https://needle.example.com/x' },
      user.token,
    );
    for (let index = 0; index < 11; index += 1) {
      await createSubscription(
        t,
        index < 2 ? other.id : own.id,
        { name: `Palheiro ${index}`, status: index < 4 ? 'PAUSED' : 'ACTIVE' },
        user.token,
      );
    }
    await t.ctx.db.update(subscriptions).set({ attempts: 7 }).where(eq(subscriptions.id, needle.id));

    const page1 = await t.get('/v1/subscriptions?page=1&limit=10', { token: user.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(page1.body.stats).toEqual({ total: 12, active: 8, inactive: 4, attempts: 7 });
    const page2 = await t.get('/v1/subscriptions?page=2&limit=10', { token: user.token });
    const found = page2.body.data.find((row: { id: string }) => row.id === needle.id);
    expect(found).toMatchObject({
      attempts: 7,
      _count: { attempts: 7 },
      event: { id: own.id, alias: own.alias },
    });

    for (const term of ['agulha', 'NEEDLE.example']) {
      const res = await t.get(`/v1/subscriptions?search=${encodeURIComponent(term)}`, { token: user.token });
      expect(res.body.data.map((row: { id: string }) => row.id)).toEqual([needle.id]);
      expect(res.body.stats).toEqual({ total: 1, active: 1, inactive: 0, attempts: 7 });
    }
    const byEvent = await t.get(`/v1/subscriptions?eventId=${other.id}`, { token: user.token });
    expect(byEvent.body.pagination.total).toBe(2);
    const paused = await t.get('/v1/subscriptions?status=PAUSED', { token: user.token });
    expect(paused.body.pagination.total).toBe(4);
    expect(paused.body.stats.active).toBe(0);
    const byApp = await t.get(`/v1/subscriptions?applicationId=${app}&limit=100`, { token: user.token });
    expect(byApp.body.pagination.total).toBe(12);
  });

  describe('access', () => {
    let users: Record<AccessRole, TestUser>;
    let privateApp: string;
    let publicApp: string;
    let privateEvent: { id: string };
    let publicEvent: { id: string };
    let privateEventOfPublicApp: { id: string };
    let ownerSubscription: { id: string; secret: string };

    beforeAll(async () => {
      ({ users, privateApp, publicApp } = await insertAccessRoles(t));
      privateEvent = await createEvent(t, privateApp, {}, users.appOwner.token);
      publicEvent = await createEvent(t, publicApp, { visibility: 'PUBLIC' }, users.appOwner.token);
      privateEventOfPublicApp = await createEvent(
        t,
        publicApp,
        { visibility: 'PRIVATE' },
        users.appOwner.token,
      );
      ownerSubscription = await createSubscription(
        t,
        privateEvent.id,
        { authType: 'BEARER', authDetails: { token: 'owner-token' } },
        users.appOwner.token,
      );
    });

    it('When no token is sent, then every subscriptions route answers 401', async () => {
      const id = ownerSubscription.id;
      const calls = [
        t.get('/v1/subscriptions', { token: null }),
        t.post('/v1/subscriptions', { token: null, body: {} }),
        t.get(`/v1/subscriptions/${id}`, { token: null }),
        t.put(`/v1/subscriptions/${id}`, { token: null, body: {} }),
        t.del(`/v1/subscriptions/${id}`, { token: null }),
        t.post(`/v1/subscriptions/${id}/rotate-secret`, { token: null }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    });

    it('When a non-member subscribes to a PUBLIC event, then it is allowed and only they and the members see it', async () => {
      const token = users.stranger.token;
      const mine = await createSubscription(
        t,
        publicEvent.id,
        { name: 'Minha', authType: 'BASIC', authDetails: { username: 'me', password: 'pw-stranger' } },
        token,
      );
      expect(mine.secret).toMatch(SECRET_PATTERN);
      expect(mine.authDetails).toEqual({ username: 'me', password: 'pw-stranger' });
      expect(mine.permissions).toEqual({ canWrite: true, canDelete: true });
      const list = await t.get('/v1/subscriptions', { token });
      expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([mine.id]);
      expect(
        (await t.put(`/v1/subscriptions/${mine.id}`, { token, body: { name: 'Renomeada' } })).status,
      ).toBe(200);

      const publicDetail = await t.get(`/v1/events/${publicEvent.id}`, { token });
      expect(publicDetail.body.data._count.subscriptions).toBe(1);
      expect(publicDetail.body.data.subscriptions.map((row: { id: string }) => row.id)).toEqual([mine.id]);

      const ownerView = await t.get(`/v1/subscriptions/${mine.id}`, { token: users.appOwner.token });
      expect(ownerView.status).toBe(200);
      expect(ownerView.body.data.secret).toBe(mine.secret);
      const otherStranger = await t.createUser();
      expect((await t.get(`/v1/subscriptions/${mine.id}`, { token: otherStranger.token })).status).toBe(404);
      expect((await t.del(`/v1/subscriptions/${mine.id}`, { token })).status).toBe(204);
    });

    it('When a non-member subscribes to a PRIVATE event or reads private subscriptions, then 404', async () => {
      const token = users.stranger.token;
      for (const eventId of [privateEvent.id, privateEventOfPublicApp.id]) {
        const res = await t.post('/v1/subscriptions', {
          token,
          body: { eventId, name: 'x', targetUrl: 'https://e.com', jsonBody: {} },
        });
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Evento não encontrado');
      }
      const id = ownerSubscription.id;
      expect((await t.get(`/v1/subscriptions/${id}`, { token })).status).toBe(404);
      expect((await t.put(`/v1/subscriptions/${id}`, { token, body: { name: 'x' } })).status).toBe(404);
      expect((await t.del(`/v1/subscriptions/${id}`, { token })).status).toBe(404);
      expect((await t.post(`/v1/subscriptions/${id}/rotate-secret`, { token })).status).toBe(404);
      const list = await t.get(`/v1/subscriptions?eventId=${privateEvent.id}`, { token });
      expect(list.body.data).toEqual([]);
    });

    it('When members act, then readers see no secrets and each flag allows exactly its actions', async () => {
      const id = ownerSubscription.id;
      const read = await t.get(`/v1/subscriptions/${id}`, { token: users.reader.token });
      expect(read.status).toBe(200);
      expect(read.body.data.secret).toBeNull();
      expect(read.body.data.authDetails).toBeNull();
      expect(read.body.data.authType).toBe('BEARER');
      expect(JSON.stringify(read.body)).not.toContain('owner-token');
      expect(JSON.stringify(read.body)).not.toContain('whsec_');
      const readerList = await t.get(`/v1/subscriptions?eventId=${privateEvent.id}`, {
        token: users.reader.token,
      });
      expect(readerList.body.data).toHaveLength(1);
      expect(JSON.stringify(readerList.body)).not.toContain('whsec_');
      const readerEvent = await t.get(`/v1/events/${privateEvent.id}`, { token: users.reader.token });
      expect(JSON.stringify(readerEvent.body)).not.toMatch(/whsec_|owner-token/);
      expect(
        (await t.put(`/v1/subscriptions/${id}`, { token: users.reader.token, body: { name: 'r' } })).status,
      ).toBe(403);
      expect(
        (await t.post(`/v1/subscriptions/${id}/rotate-secret`, { token: users.reader.token })).status,
      ).toBe(403);
      expect((await t.del(`/v1/subscriptions/${id}`, { token: users.reader.token })).status).toBe(403);

      const readerOwn = await createSubscription(
        t,
        privateEvent.id,
        { name: 'Do leitor' },
        users.reader.token,
      );
      expect(readerOwn.secret).toMatch(SECRET_PATTERN);

      const written = await t.put(`/v1/subscriptions/${id}`, {
        token: users.writer.token,
        body: { name: 'w' },
      });
      expect(written.status).toBe(200);
      expect(written.body.data.authDetails).toEqual({ token: 'owner-token' });
      expect(written.body.data.secret).toMatch(SECRET_PATTERN);
      expect((await t.del(`/v1/subscriptions/${id}`, { token: users.writer.token })).status).toBe(403);

      const deleterView = await t.get(`/v1/subscriptions/${readerOwn.id}`, { token: users.deleter.token });
      expect(deleterView.body.data.secret).toBeNull();
      expect(
        (
          await t.put(`/v1/subscriptions/${readerOwn.id}`, {
            token: users.deleter.token,
            body: { name: 'd' },
          })
        ).status,
      ).toBe(403);
      expect((await t.del(`/v1/subscriptions/${readerOwn.id}`, { token: users.deleter.token })).status).toBe(
        204,
      );
    });

    it('When the owner or an admin acts, then everything is allowed', async () => {
      const sub = await createSubscription(t, privateEvent.id, {}, users.writer.token);
      const ownerRotated = await t.post(`/v1/subscriptions/${sub.id}/rotate-secret`, {
        token: users.appOwner.token,
      });
      expect(ownerRotated.status).toBe(200);
      const adminRead = await t.get(`/v1/subscriptions/${sub.id}`);
      expect(adminRead.body.data.secret).toBe(ownerRotated.body.data.secret);
      const adminList = await t.get(`/v1/subscriptions?eventId=${privateEvent.id}&limit=100`);
      expect(adminList.body.data.map((row: { id: string }) => row.id)).toContain(sub.id);
      expect(
        (await t.put(`/v1/subscriptions/${sub.id}`, { body: { status: 'INACTIVE' } })).body.data.status,
      ).toBe('INACTIVE');
      expect((await t.del(`/v1/subscriptions/${sub.id}`)).status).toBe(204);
    });
  });
});
