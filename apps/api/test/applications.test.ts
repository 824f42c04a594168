import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema';
import { findApplicationByApiKey } from '../src/modules/applications/api-keys';
import {
  countRows,
  createApplicationAs,
  dumpTable,
  insertEventChain,
  setVisibility,
} from './support/applications';
import { createTestApp, type TestApp } from './support/test-app';

describe('applications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('create', () => {
    it('When a user creates an application, then it is PRIVATE, they own it and the answer carries the full key once', async () => {
      const user = await t.createUser();
      const res = await t.post('/v1/applications', { body: { name: '  Loja Virtual  ' }, token: user.token });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Loja Virtual',
        visibility: 'PRIVATE',
        callbackUrl: null,
        callbackAuthType: 'NONE',
        callbackAuthDetails: null,
        _count: { events: 0 },
        permissions: { isOwner: true, canRead: true, canWrite: true, canDelete: true },
      });
      expect(res.body.data.apiKey).toMatch(/^whm_[\w-]{43}$/);
      expect(res.body.data.apiKeyPrefix).toBe(res.body.data.apiKey.slice(0, 12));
      expect(new Date(res.body.data.createdAt).toISOString()).toBe(res.body.data.createdAt);

      const members = await t.get(`/v1/applications/${res.body.data.id}/members`, { token: user.token });
      expect(members.body.data).toEqual([
        expect.objectContaining({
          userId: user.id,
          isOwner: true,
          canRead: true,
          canWrite: true,
          canDelete: true,
        }),
      ]);
    });

    it('When two applications are created, then their keys differ', async () => {
      const a = await createApplicationAs(t, t.adminToken);
      const b = await createApplicationAs(t, t.adminToken);
      expect(a.apiKey).not.toBe(b.apiKey);
    });

    it('When the name is missing, blank or too long, then 400 with the pt-BR message of the name rule', async () => {
      const cases: Array<[unknown, string]> = [
        [{}, 'Nome é obrigatório'],
        [{ name: '' }, 'Nome é obrigatório'],
        [{ name: '   ' }, 'Nome é obrigatório'],
        [{ name: 42 }, 'Nome é obrigatório'],
        [{ name: 'x'.repeat(256) }, 'Nome deve ter no máximo 255 caracteres'],
      ];
      for (const [body, message] of cases) {
        const res = await t.post('/v1/applications', { body: body as object });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
      }
      expect((await t.post('/v1/applications', { body: { name: 'x'.repeat(255) } })).status).toBe(201);
    });
  });

  describe('update', () => {
    it('When the owner sets visibility and a BASIC callback, then the detail shows them', async () => {
      const app = await createApplicationAs(t, t.adminToken, 'Com callback');
      const res = await t.put(`/v1/applications/${app.id}`, {
        body: {
          name: 'Com callback 2',
          visibility: 'PUBLIC',
          callbackUrl: 'https://example.com/cb',
          callbackAuthType: 'BASIC',
          callbackAuthDetails: { username: 'ana', password: 's3cr3t', token: 'ignored' },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Com callback 2',
        visibility: 'PUBLIC',
        callbackUrl: 'https://example.com/cb',
        callbackAuthType: 'BASIC',
        callbackAuthDetails: { username: 'ana', password: 's3cr3t' },
      });
      expect(res.body.data.callbackAuthDetails).not.toHaveProperty('token');
      expect(res.body.data).not.toHaveProperty('apiKey');
      const detail = await t.get(`/v1/applications/${app.id}`);
      expect(detail.body.data.callbackAuthDetails).toEqual({ username: 'ana', password: 's3cr3t' });
    });

    it('When the auth type is NONE or the URL blank, then details are dropped and the URL is null', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      const res = await t.put(`/v1/applications/${app.id}`, {
        body: {
          name: 'Sem auth',
          callbackUrl: '',
          callbackAuthType: 'NONE',
          callbackAuthDetails: { token: 'leftover' },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        callbackUrl: null,
        callbackAuthType: 'NONE',
        callbackAuthDetails: null,
      });
      expect(res.body.data.visibility).toBe('PRIVATE');
    });

    it('When callback settings are invalid, then 400 with a pt-BR message naming the field', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ callbackUrl: 'ftp://x.com' }, 'URL deve começar com http:// ou https://', 'callbackUrl'],
        [{ callbackUrl: 'example.com' }, 'URL deve começar com http:// ou https://', 'callbackUrl'],
        [
          { callbackAuthType: 'BASIC', callbackAuthDetails: { username: 'ana' } },
          'Senha é obrigatória',
          'callbackAuthDetails.password',
        ],
        [{ callbackAuthType: 'BASIC' }, 'Usuário é obrigatório', 'callbackAuthDetails.username'],
        [
          { callbackAuthType: 'BEARER', callbackAuthDetails: { token: ' ' } },
          'Token é obrigatório',
          'callbackAuthDetails.token',
        ],
        [
          { callbackAuthType: 'API_KEY', callbackAuthDetails: { key: 'X-Key' } },
          'Valor é obrigatório',
          'callbackAuthDetails.value',
        ],
        [
          { callbackAuthType: 'API_KEY', callbackAuthDetails: { value: 'v' } },
          'Chave é obrigatória',
          'callbackAuthDetails.key',
        ],
        [
          { callbackAuthType: 'API_KEY', callbackAuthDetails: { key: 'bad header', value: 'v' } },
          'Chave deve ser um nome de cabeçalho HTTP válido',
          'callbackAuthDetails.key',
        ],
        [{ callbackAuthType: 'DIGEST' }, 'Tipo de autenticação inválido', 'callbackAuthType'],
        [{ visibility: 'SECRET' }, 'Visibilidade inválida', 'visibility'],
        [{ name: '' }, 'Nome é obrigatório', 'name'],
      ];
      for (const [patch, message, path] of cases) {
        const res = await t.put(`/v1/applications/${app.id}`, { body: { name: 'Nome', ...patch } });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(res.body.error).toBe(message);
        expect(res.body.details).toEqual(expect.arrayContaining([{ path, message }]));
      }
    });

    it('When the id is not a UUID or unknown, then 400 or 404 Aplicação não encontrada', async () => {
      expect((await t.get('/v1/applications/not-a-uuid')).status).toBe(400);
      const missing = await t.get('/v1/applications/0190b4a4-0000-7000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Aplicação não encontrada', code: 'NOT_FOUND' });
      const put = await t.put('/v1/applications/0190b4a4-0000-7000-8000-000000000000', {
        body: { name: 'x' },
      });
      expect(put.status).toBe(404);
    });
  });

  describe('list', () => {
    let user: Awaited<ReturnType<TestApp['createUser']>>;
    beforeAll(async () => {
      user = await t.createUser();
      for (let index = 1; index <= 7; index++) {
        const app = await createApplicationAs(
          t,
          user.token,
          `Lista ${index}${index === 3 ? ' 100%_off' : ''}`,
        );
        if (index % 2 === 0) await setVisibility(t, app.id, 'PUBLIC');
        if (index <= 2) await insertEventChain(t, app.id);
      }
    });

    it('When a member lists, then newest first, paginated, without the full key, with stats over the whole filter', async () => {
      const res = await t.get('/v1/applications?page=1&limit=5', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.pagination).toEqual({ page: 1, limit: 5, total: 7, totalPages: 2 });
      expect(res.body.data.map((app: { name: string }) => app.name)).toEqual([
        'Lista 7',
        'Lista 6',
        'Lista 5',
        'Lista 4',
        'Lista 3 100%_off',
      ]);
      expect(res.body.stats).toEqual({ total: 7, public: 3, private: 4, events: 2 });
      for (const item of res.body.data) {
        expect(item).not.toHaveProperty('apiKey');
        expect(item.apiKeyPrefix).toMatch(/^whm_.{8}$/);
        expect(item.permissions).toEqual({ isOwner: true, canRead: true, canWrite: true, canDelete: true });
      }
      const second = await t.get('/v1/applications?page=2&limit=5', { token: user.token });
      expect(second.body.data.map((app: { name: string }) => app.name)).toEqual(['Lista 2', 'Lista 1']);
      expect(second.body.data.map((app: { _count: { events: number } }) => app._count.events)).toEqual([
        1, 1,
      ]);
    });

    it('When searching, then the match is case-insensitive and pattern characters are literal', async () => {
      const res = await t.get('/v1/applications?search=LISTA%203', { token: user.token });
      expect(res.body.data.map((app: { name: string }) => app.name)).toEqual(['Lista 3 100%_off']);
      const literal = await t.get(`/v1/applications?search=${encodeURIComponent('%_')}`, {
        token: user.token,
      });
      expect(literal.body.data.map((app: { name: string }) => app.name)).toEqual(['Lista 3 100%_off']);
      expect(literal.body.stats).toEqual({ total: 1, public: 0, private: 1, events: 0 });
      const none = await t.get('/v1/applications?search=nada-disso', { token: user.token });
      expect(none.body).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
    });

    it('When the query is invalid, then 400 with a pt-BR message', async () => {
      expect((await t.get('/v1/applications?limit=500', { token: user.token })).body.error).toBe(
        'Limite máximo é 100',
      );
      expect((await t.get('/v1/applications?scope=all', { token: user.token })).body.error).toBe(
        'Escopo inválido',
      );
    });

    it('When another user lists, then none of these appear; with scope=discover only the PUBLIC ones, read-only', async () => {
      const other = await t.createUser();
      const mine = await t.get('/v1/applications', { token: other.token });
      expect(mine.body).toMatchObject({ data: [], stats: { total: 0, public: 0, private: 0, events: 0 } });
      const discover = await t.get('/v1/applications?scope=discover&limit=100&search=lista', {
        token: other.token,
      });
      expect(discover.body.data.map((app: { name: string }) => app.name)).toEqual([
        'Lista 6',
        'Lista 4',
        'Lista 2',
      ]);
      expect(discover.body.stats).toEqual({ total: 3, public: 3, private: 0, events: 1 });
      for (const item of discover.body.data) {
        expect(item.visibility).toBe('PUBLIC');
        expect(item.permissions).toEqual({
          isOwner: false,
          canRead: true,
          canWrite: false,
          canDelete: false,
        });
      }
    });

    it('When an admin lists, then every application appears with full permissions', async () => {
      const res = await t.get('/v1/applications?search=lista&limit=100');
      expect(res.body.pagination.total).toBe(7);
      expect(res.body.data[0].permissions).toEqual({
        isOwner: true,
        canRead: true,
        canWrite: true,
        canDelete: true,
      });
    });
  });

  describe('detail', () => {
    it('When a member opens an application, then statistics count its events, subscriptions and logs', async () => {
      const app = await createApplicationAs(t, t.adminToken, 'Detalhe');
      await insertEventChain(t, app.id);
      const chain = await insertEventChain(t, app.id, { visibility: 'PRIVATE' });
      const res = await t.get(`/v1/applications/${app.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.statistics).toEqual({ totalEvents: 2, totalSubscriptions: 2, totalLogs: 2 });
      expect(res.body.data._count.events).toBe(2);
      expect(res.body.data.events).toHaveLength(2);
      expect(res.body.data.events[0]).toEqual({
        id: chain.eventId,
        name: expect.any(String),
        alias: expect.any(String),
        status: 'ACTIVE',
        visibility: 'PRIVATE',
        queueType: 'IMMEDIATE',
        createdAt: expect.any(String),
        _count: { subscriptions: 1 },
      });
      expect(res.body.data).not.toHaveProperty('apiKey');
    });

    it('When an outsider opens a PUBLIC application, then only its PUBLIC events count and secrets are masked', async () => {
      const app = await createApplicationAs(t, t.adminToken, 'Pública');
      await t.put(`/v1/applications/${app.id}`, {
        body: {
          name: 'Pública',
          visibility: 'PUBLIC',
          callbackUrl: 'https://example.com/cb',
          callbackAuthType: 'API_KEY',
          callbackAuthDetails: { key: 'X-Api-Key', value: 'callback-secret-value' },
        },
      });
      await insertEventChain(t, app.id);
      await insertEventChain(t, app.id, { visibility: 'PRIVATE' });
      const outsider = await t.createUser();
      const res = await t.get(`/v1/applications/${app.id}`, { token: outsider.token });
      expect(res.status).toBe(200);
      expect(res.body.data.statistics).toEqual({ totalEvents: 1, totalSubscriptions: 0, totalLogs: 0 });
      expect(res.body.data.events.map((event: { visibility: string }) => event.visibility)).toEqual([
        'PUBLIC',
      ]);
      expect(res.body.data.callbackAuthDetails).toEqual({ key: 'X-Api-Key', value: '••••••' });
      expect(JSON.stringify(res.body)).not.toContain('callback-secret-value');
      const listed = await t.get('/v1/applications?scope=discover&search=Pública', { token: outsider.token });
      expect(listed.body.data[0].callbackAuthDetails).toEqual({ key: 'X-Api-Key', value: '••••••' });
      expect(listed.body.data[0]._count.events).toBe(1);
    });
  });

  describe('API keys', () => {
    it('When a writer reveals the key, then it is the created key and resolves to the application', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      const res = await t.get(`/v1/applications/${app.id}/api-key`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ apiKey: app.apiKey });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await findApplicationByApiKey(t.ctx, app.apiKey))?.id).toBe(app.id);
    });

    it('When a key is unknown, malformed or empty, then findApplicationByApiKey answers null', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      for (const key of ['', null, undefined, 'whm_short', `${app.apiKey}x`, `whm_${'A'.repeat(43)}`]) {
        expect(await findApplicationByApiKey(t.ctx, key)).toBeNull();
      }
    });

    it('When the owner regenerates the key, then the old key stops working at once and the new one works', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      const res = await t.post(`/v1/applications/${app.id}/regenerate-key`);
      expect(res.status).toBe(200);
      expect(res.body.data.apiKey).toMatch(/^whm_[\w-]{43}$/);
      expect(res.body.data.apiKey).not.toBe(app.apiKey);
      expect(res.body.data.apiKeyPrefix).toBe(res.body.data.apiKey.slice(0, 12));
      expect(await findApplicationByApiKey(t.ctx, app.apiKey)).toBeNull();
      expect((await findApplicationByApiKey(t.ctx, res.body.data.apiKey))?.id).toBe(app.id);
      expect((await t.get(`/v1/applications/${app.id}/api-key`)).body.apiKey).toBe(res.body.data.apiKey);
      expect((await t.get(`/v1/applications/${app.id}`)).body.data.apiKeyPrefix).toBe(
        res.body.data.apiKeyPrefix,
      );
    });

    it('When the key is regenerated, then emitting with the old x-api-key is 401 and the new one is accepted', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      const { eventId } = await insertEventChain(t, app.id);
      const [event] = await t.ctx.db.select().from(events).where(eq(events.id, eventId));
      if (!event) throw new Error('inserted event not found');
      const emit = (apiKey: string) =>
        t.post('/v1/events/emit', {
          token: null,
          headers: { 'x-api-key': apiKey },
          body: { applicationId: app.id, eventType: event.alias, data: { pedido: 1 } },
        });
      expect((await emit(app.apiKey)).status).toBe(202);
      const fresh = (await t.post(`/v1/applications/${app.id}/regenerate-key`)).body.data.apiKey;
      const stale = await emit(app.apiKey);
      expect(stale.status).toBe(401);
      expect(stale.body.code).toBe('UNAUTHORIZED');
      expect((await emit(fresh)).status).toBe(202);
    });

    it('When the applications table is dumped, then no raw key occurs in it', async () => {
      const keys = [
        (await createApplicationAs(t, t.adminToken)).apiKey,
        (await createApplicationAs(t, t.adminToken)).apiKey,
      ];
      const dump = JSON.stringify(await dumpTable(t, 'applications'));
      for (const key of keys) {
        expect(dump).not.toContain(key);
        expect(dump).not.toContain(key.slice(4));
      }
    });

    it('When the server secret changed, then reveal answers 422 asking to regenerate, not 500', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      await t.ctx.database.inScriptTransaction((tx) =>
        tx.query('UPDATE applications SET api_key_encrypted = $1 WHERE id = $2', ['AAAA.BBBB.CCCC', app.id]),
      );
      const res = await t.get(`/v1/applications/${app.id}/api-key`);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatch(/Regenere a chave/);
      expect((await t.post(`/v1/applications/${app.id}/regenerate-key`)).status).toBe(200);
    });
  });

  describe('delete', () => {
    it('When an application is deleted, then its events, subscriptions, occurrences and logs go and others stay', async () => {
      const doomed = await createApplicationAs(t, t.adminToken, 'Apagar');
      const kept = await createApplicationAs(t, t.adminToken, 'Manter');
      const gone = await insertEventChain(t, doomed.id);
      await insertEventChain(t, doomed.id, { visibility: 'PRIVATE' });
      const stays = await insertEventChain(t, kept.id);

      const res = await t.del(`/v1/applications/${doomed.id}`);
      expect(res.status).toBe(204);
      expect((await t.get(`/v1/applications/${doomed.id}`)).status).toBe(404);
      const owned = [
        ['applications', 'id'],
        ['user_applications', 'application_id'],
        ['events', 'application_id'],
        ['occurrences', 'application_id'],
        ['event_logs', 'application_id'],
      ] as const;
      for (const [table, column] of owned) {
        expect(await countRows(t, table, `${column} = $1`, [doomed.id]), table).toBe(0);
        expect(await countRows(t, table, `${column} = $1`, [kept.id]), table).toBeGreaterThan(0);
      }
      expect(await countRows(t, 'subscriptions', 'id = $1', [gone.subscriptionId])).toBe(0);
      expect(await countRows(t, 'delivery_logs', 'id = $1', [gone.deliveryLogId])).toBe(0);
      expect(await countRows(t, 'delivery_attempts', 'delivery_log_id = $1', [gone.deliveryLogId])).toBe(0);
      expect(await countRows(t, 'subscriptions', 'id = $1', [stays.subscriptionId])).toBe(1);
      expect(await countRows(t, 'delivery_logs', 'id = $1', [stays.deliveryLogId])).toBe(1);
      expect(await findApplicationByApiKey(t.ctx, doomed.apiKey)).toBeNull();
      expect((await t.del(`/v1/applications/${doomed.id}`)).status).toBe(404);
    });
  });

  describe('odd input', () => {
    it('When a client sends odd queries, ids or bodies, then every answer is a pt-BR 4xx, never a 500', async () => {
      const app = await createApplicationAs(t, t.adminToken);
      const calls: Array<() => ReturnType<TestApp['get']>> = [
        () => t.get('/v1/applications?page=100000000000000000000'),
        () => t.get('/v1/applications?page=-1'),
        () => t.get('/v1/applications?limit=0'),
        () => t.get('/v1/applications?page=abc'),
        () => t.get(`/v1/applications?search=${'x'.repeat(300)}`),
        () => t.get('/v1/applications/%00'),
        () => t.put(`/v1/applications/${app.id}`, { body: [] as unknown as object }),
        () => t.put(`/v1/applications/${app.id}`, { body: { name: 'x', callbackAuthDetails: 'texto' } }),
        () =>
          t.put(`/v1/applications/${app.id}`, {
            body: { name: 'x', callbackAuthType: 'BEARER', callbackAuthDetails: { token: 42 } },
          }),
        () =>
          t.put(`/v1/applications/${app.id}`, {
            body: { name: 'x', callbackUrl: `https://${'a'.repeat(3000)}` },
          }),
        () => t.post(`/v1/applications/${app.id}/members`, { body: { email: 'a@b.co', canRead: null } }),
        () => t.put(`/v1/applications/${app.id}/members/not-a-uuid`, { body: {} }),
        () =>
          t.post('/v1/applications', {
            body: '{"name": "x"',
            headers: { 'content-type': 'application/json' },
          }),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        expect(typeof res.body.error).toBe('string');
      }
      const sqlSearch = await t.get(
        `/v1/applications?search=${encodeURIComponent("'; DROP TABLE applications; --")}`,
      );
      expect(sqlSearch.status).toBe(200);
      expect(await countRows(t, 'applications')).toBeGreaterThan(0);
    });
  });

  describe('docs', () => {
    it('When the OpenAPI document is generated, then the application and profile routes are in it', async () => {
      const doc = await t.get('/docs/json', { token: null });
      expect(doc.status).toBe(200);
      expect(Object.keys(doc.body.paths)).toEqual(
        expect.arrayContaining([
          '/v1/applications',
          '/v1/applications/{id}',
          '/v1/applications/{id}/api-key',
          '/v1/applications/{id}/regenerate-key',
          '/v1/applications/{id}/members',
          '/v1/applications/{id}/members/{userId}',
          '/v1/auth/me/stats',
          '/v1/auth/change-password',
        ]),
      );
    });
  });
});
