import { MASKED_SECRET } from '@wm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs, subscriptions } from '../src/db/schema';
import { type AccessRole, insertAccessRoles } from './support/access-roles-fixture';
import { insertDeliveryLog } from './support/delivery-log-fixture';
import { createEvent, createSubscription, insertApplication } from './support/event-fixtures';
import { startWithOwnedApplication, type TestUser } from './support/owned-application-fixture';
import type { TestApp } from './support/test-app';
import { expectCreateRefusals } from './support/validation-cases';

const MISSING_ID = '0195f0e0-0000-7000-8000-000000000000';

describe('events', () => {
  let t: TestApp;
  let owner: TestUser;
  let appId: string;

  beforeAll(async () => {
    ({ t, owner, appId } = await startWithOwnedApplication('Loja'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const rabbit = {
    queueType: 'RABBITMQ',
    delayBetweenSends: 1000,
    messageTtl: 3_600_000,
    maxRetries: 3,
    priority: 5,
  };

  it('When the owner creates, reads, updates and deletes an event, then each step answers its status and the event as stored', async () => {
    const created = await t.post('/v1/events', {
      token: owner.token,
      body: {
        applicationId: appId,
        name: 'Pedido criado',
        alias: 'order.created',
        visibility: 'PRIVATE',
        enableCallbacks: true,
        callbackUrl: 'https://example.com/cb',
        callbackAuthType: 'BEARER',
        callbackAuthDetails: { token: 'tok-123', stray: 'dropped' },
        bodyTemplate: '{"body": "{{payload.body}}"}',
        ...rabbit,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Pedido criado',
      alias: 'order.created',
      status: 'ACTIVE',
      visibility: 'PRIVATE',
      queueType: 'RABBITMQ',
      enableCallbacks: true,
      callbackUrl: 'https://example.com/cb',
      callbackAuthType: 'BEARER',
      callbackAuthDetails: { token: 'tok-123' },
      bodyTemplate: { body: '{{payload.body}}' },
      delayBetweenSends: 1000,
      messageTtl: 3_600_000,
      maxRetries: 3,
      priority: 5,
      application: { id: appId, name: 'Loja' },
      _count: { subscriptions: 0 },
      permissions: { canWrite: true, canDelete: true },
    });
    expect(created.body.data.callbackAuthDetails).not.toHaveProperty('stray');
    const id = created.body.data.id;

    const detail = await t.get(`/v1/events/${id}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.statistics).toEqual({
      totalSubscriptions: 0,
      activeSubscriptions: 0,
      totalDeliveries: 0,
      successfulDeliveries: 0,
      failedDeliveries: 0,
      retryingDeliveries: 0,
      pendingDeliveries: 0,
      ignoredDeliveries: 0,
    });
    expect(detail.body.data.subscriptions).toEqual([]);

    const updated = await t.put(`/v1/events/${id}`, {
      token: owner.token,
      body: { name: 'Pedido criado v2', status: 'PAUSED', enableCallbacks: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Pedido criado v2',
      status: 'PAUSED',
      alias: 'order.created',
      enableCallbacks: false,
      callbackUrl: null,
      callbackAuthType: 'NONE',
      callbackAuthDetails: null,
      queueType: 'RABBITMQ',
      priority: 5,
    });

    const cleared = await t.put(`/v1/events/${id}`, { token: owner.token, body: { bodyTemplate: null } });
    expect(cleared.body.data.bodyTemplate).toBeNull();

    const deleted = await t.del(`/v1/events/${id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    const gone = await t.get(`/v1/events/${id}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Evento não encontrado', code: 'NOT_FOUND' });
  });

  it('When create input breaks a rule, then 400 with the pt-BR message of the broken rule', async () => {
    const base = { applicationId: appId, name: 'Evento', alias: 'valid.alias' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'Nome deve ter pelo menos 1 caractere'],
      [{ name: 'x'.repeat(256) }, 'Nome deve ter no máximo 255 caracteres'],
      [
        { alias: 'Com Espaço' },
        'Alias deve conter apenas letras minúsculas, números, pontos, hífens e underscores',
      ],
      [
        { alias: 'UPPER' },
        'Alias deve conter apenas letras minúsculas, números, pontos, hífens e underscores',
      ],
      [{ alias: '' }, 'Alias é obrigatório'],
      [{ alias: 'a'.repeat(101) }, 'Alias deve ter no máximo 100 caracteres'],
      [{ applicationId: '' }, 'Aplicação é obrigatória'],
      [{ applicationId: undefined }, 'Aplicação é obrigatória'],
      [{ callbackUrl: 'ftp://example.com' }, 'URL deve começar com http:// ou https://'],
      [{ enableCallbacks: true }, 'URL é obrigatória'],
      [{ enableCallbacks: true, callbackUrl: 'http://exa mple.com:99999' }, 'URL inválida'],
      [
        {
          enableCallbacks: true,
          callbackUrl: 'https://e.com',
          callbackAuthType: 'BASIC',
          callbackAuthDetails: { password: 'p' },
        },
        'Usuário é obrigatório',
      ],
      [
        {
          enableCallbacks: true,
          callbackUrl: 'https://e.com',
          callbackAuthType: 'BASIC',
          callbackAuthDetails: { username: 'u' },
        },
        'Senha é obrigatória',
      ],
      [
        { enableCallbacks: true, callbackUrl: 'https://e.com', callbackAuthType: 'BEARER' },
        'Token é obrigatório',
      ],
      [
        {
          enableCallbacks: true,
          callbackUrl: 'https://e.com',
          callbackAuthType: 'API_KEY',
          callbackAuthDetails: { value: 'v' },
        },
        'Chave é obrigatória',
      ],
      [
        {
          enableCallbacks: true,
          callbackUrl: 'https://e.com',
          callbackAuthType: 'API_KEY',
          callbackAuthDetails: { key: 'k' },
        },
        'Valor é obrigatório',
      ],
      [{ ...rabbit, delayBetweenSends: 99 }, 'Mínimo 100ms'],
      [{ ...rabbit, delayBetweenSends: 60_001 }, 'Máximo 60 segundos'],
      [{ ...rabbit, messageTtl: 59_999 }, 'Mínimo 1 minuto'],
      [{ ...rabbit, messageTtl: 86_400_001 }, 'Máximo 24 horas'],
      [{ ...rabbit, maxRetries: -1 }, 'Mínimo 0'],
      [{ ...rabbit, maxRetries: 11 }, 'Máximo 10'],
      [{ ...rabbit, priority: 0 }, 'Mínimo 1'],
      [{ ...rabbit, priority: 11 }, 'Máximo 10'],
      [{ ...rabbit, delayBetweenSends: undefined }, 'Intervalo entre envios é obrigatório'],
      [{ ...rabbit, messageTtl: null }, 'TTL da mensagem é obrigatório'],
      [{ ...rabbit, maxRetries: undefined }, 'Máximo de tentativas é obrigatório'],
      [{ ...rabbit, priority: undefined }, 'Prioridade é obrigatória'],
      [{ queueType: 'STANDARD' }, 'Tipo de fila não suportado. Use IMMEDIATE, RABBITMQ ou FIFO.'],
      [{ bodyTemplate: '{not json' }, 'O template do body deve ser um JSON válido.'],
      [{ bodyTemplate: '[1, 2]' }, 'O template do body deve ser um JSON válido.'],
      [{ bodyTemplate: 42 }, 'O template do body deve ser um JSON válido.'],
    ];
    await expectCreateRefusals(t, '/v1/events', owner.token, base, cases);
    const list = await t.get(`/v1/events?applicationId=${appId}&search=valid.alias`, { token: owner.token });
    expect(list.body.pagination.total).toBe(0);
  });

  it('When text holds a NUL character, then 400 and not a server error', async () => {
    const name = await t.post('/v1/events', {
      token: owner.token,
      body: { applicationId: appId, name: 'a\u0000b', alias: 'nul.name' },
    });
    const template = await t.post('/v1/events', {
      token: owner.token,
      body: { applicationId: appId, name: 'ok', alias: 'nul.template', bodyTemplate: { k: 'a\u0000b' } },
    });
    const search = await t.get('/v1/events?search=a%00b', { token: owner.token });
    for (const res of [name, template, search]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
  });

  it('When an update breaks a rule after merging, then 400 with the same message and nothing changes', async () => {
    const event = await createEvent(t, appId, {}, owner.token);
    const toRabbit = await t.put(`/v1/events/${event.id}`, {
      token: owner.token,
      body: { queueType: 'RABBITMQ' },
    });
    expect(toRabbit.status).toBe(400);
    expect(toRabbit.body.error).toBe('Intervalo entre envios é obrigatório');
    const callbacks = await t.put(`/v1/events/${event.id}`, {
      token: owner.token,
      body: { enableCallbacks: true },
    });
    expect(callbacks.body.error).toBe('URL é obrigatória');
    const template = await t.put(`/v1/events/${event.id}`, {
      token: owner.token,
      body: { bodyTemplate: 'oops' },
    });
    expect(template.body.error).toBe('O template do body deve ser um JSON válido.');
    const after = await t.get(`/v1/events/${event.id}`, { token: owner.token });
    expect(after.body.data).toMatchObject({
      queueType: 'IMMEDIATE',
      enableCallbacks: false,
      updatedAt: event.updatedAt,
    });
  });

  it('When an alias repeats in the same application, then 409; in another application it is accepted', async () => {
    await createEvent(t, appId, { alias: 'dup.alias' }, owner.token);
    const again = await t.post('/v1/events', {
      token: owner.token,
      body: { applicationId: appId, name: 'Outro', alias: 'dup.alias' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Já existe um evento com este alias nesta aplicação',
      code: 'CONFLICT',
    });
    const other = await createEvent(t, appId, { alias: 'other.alias' }, owner.token);
    const renamed = await t.put(`/v1/events/${other.id}`, {
      token: owner.token,
      body: { alias: 'dup.alias' },
    });
    expect(renamed.status).toBe(409);
    const secondApp = await insertApplication(t, { ownerId: owner.id });
    await createEvent(t, secondApp, { alias: 'dup.alias' }, owner.token);
  });

  it('When an event moves to another application, then write access on the target is required', async () => {
    const event = await createEvent(t, appId, { alias: 'moving.event' }, owner.token);
    const target = await insertApplication(t, { ownerId: owner.id, name: 'Destino' });
    const moved = await t.put(`/v1/events/${event.id}`, {
      token: owner.token,
      body: { applicationId: target },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.application).toEqual({ id: target, name: 'Destino' });
    const foreign = await insertApplication(t, { ownerId: (await t.createUser()).id });
    const refused = await t.put(`/v1/events/${event.id}`, {
      token: owner.token,
      body: { applicationId: foreign },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Aplicação não encontrada');
  });

  it('When the detail lists subscriptions, then auth details show only to those who may edit them, and secrets never', async () => {
    const event = await createEvent(t, appId, {}, owner.token);
    await createSubscription(
      t,
      event.id,
      { authType: 'BEARER', authDetails: { token: 'detalhe-secreto' } },
      owner.token,
    );
    const reader = await t.createUser();
    await t.post(`/v1/applications/${appId}/members`, { body: { email: reader.email } });
    const asOwner = await t.get(`/v1/events/${event.id}`, { token: owner.token });
    expect(asOwner.body.data.subscriptions[0].authDetails).toEqual({ token: 'detalhe-secreto' });
    const asReader = await t.get(`/v1/events/${event.id}`, { token: reader.token });
    expect(asReader.status).toBe(200);
    expect(asReader.body.data.subscriptions[0]).toMatchObject({ authType: 'BEARER', authDetails: null });
    expect(JSON.stringify(asOwner.body)).not.toContain('whsec_');
  });

  it('When an event is deleted, then its subscriptions, occurrences and delivery logs go with it', async () => {
    const event = await createEvent(t, appId, {}, owner.token);
    const subscription = await createSubscription(t, event.id, {}, owner.token);
    await insertDeliveryLog(t, {
      event,
      applicationId: appId,
      subscriptionId: subscription.id,
      status: 'SUCCESS',
    });
    const detail = await t.get(`/v1/events/${event.id}`, { token: owner.token });
    expect(detail.body.data.statistics).toMatchObject({
      totalSubscriptions: 1,
      activeSubscriptions: 1,
      totalDeliveries: 1,
      successfulDeliveries: 1,
    });
    expect(detail.body.data.subscriptions).toHaveLength(1);
    expect(detail.body.data._count.subscriptions).toBe(1);

    expect((await t.del(`/v1/events/${event.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.get(`/v1/subscriptions/${subscription.id}`, { token: owner.token })).status).toBe(404);
    const remaining = await t.ctx.db.select().from(deliveryLogs);
    expect(remaining.filter((log) => log.subscriptionId === subscription.id)).toEqual([]);
    const subs = await t.ctx.db.select().from(subscriptions);
    expect(subs.filter((row) => row.eventId === event.id)).toEqual([]);
  });

  it('When listing, then pages of the limit, stats over the whole filter and a search that finds rows past page 1', async () => {
    const user = await t.createUser();
    const app = await insertApplication(t, { ownerId: user.id });
    const first = await createEvent(
      t,
      app,
      { name: 'Needle Primeiro', alias: 'needle.first', visibility: 'PRIVATE' },
      user.token,
    );
    for (let index = 0; index < 11; index += 1) {
      await createEvent(
        t,
        app,
        { name: `Feno ${index}`, status: index < 3 ? 'INACTIVE' : 'ACTIVE' },
        user.token,
      );
    }
    const page1 = await t.get(`/v1/events?page=1&limit=10`, { token: user.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(page1.body.stats).toEqual({ total: 12, active: 9, public: 11, private: 1 });
    expect(page1.body.data.map((event: { id: string }) => event.id)).not.toContain(first.id);
    const page2 = await t.get(`/v1/events?page=2&limit=10`, { token: user.token });
    expect(page2.body.data.map((event: { id: string }) => event.id)).toContain(first.id);

    for (const term of ['needle', 'NEEDLE.FIRST', 'primeiro']) {
      const found = await t.get(`/v1/events?search=${encodeURIComponent(term)}`, { token: user.token });
      expect(found.body.data.map((event: { id: string }) => event.id)).toEqual([first.id]);
      expect(found.body.stats.total).toBe(1);
    }
    const wildcard = await t.get(`/v1/events?search=${encodeURIComponent('%')}`, { token: user.token });
    expect(wildcard.body.data).toEqual([]);
    const inactive = await t.get(`/v1/events?status=INACTIVE&applicationId=${app}`, { token: user.token });
    expect(inactive.body.pagination.total).toBe(3);
    const byId = await t.get(`/v1/events?eventId=${first.id}`, { token: user.token });
    expect(byId.body.data).toHaveLength(1);
    const bad = await t.get('/v1/events?limit=500', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Limite máximo é 100');
  });

  describe('access', () => {
    let privateApp: string;
    let publicApp: string;
    let privateEvent: { id: string };
    let publicEvent: { id: string };
    let privateEventOfPublicApp: { id: string };
    let users: Record<AccessRole, TestUser>;

    beforeAll(async () => {
      ({ users, privateApp, publicApp } = await insertAccessRoles(t));
      privateEvent = await createEvent(
        t,
        privateApp,
        {
          enableCallbacks: true,
          callbackUrl: 'https://e.com/cb',
          callbackAuthType: 'BASIC',
          callbackAuthDetails: { username: 'bob', password: 's3cret' },
        },
        users.appOwner.token,
      );
      publicEvent = await createEvent(
        t,
        publicApp,
        {
          visibility: 'PUBLIC',
          enableCallbacks: true,
          callbackUrl: 'https://e.com/cb',
          callbackAuthType: 'BEARER',
          callbackAuthDetails: { token: 'pub-token' },
        },
        users.appOwner.token,
      );
      privateEventOfPublicApp = await createEvent(
        t,
        publicApp,
        { visibility: 'PRIVATE' },
        users.appOwner.token,
      );
    });

    it('When no token is sent, then every events route answers 401', async () => {
      const calls = [
        t.get('/v1/events', { token: null }),
        t.post('/v1/events', { token: null, body: {} }),
        t.get(`/v1/events/${privateEvent.id}`, { token: null }),
        t.put(`/v1/events/${privateEvent.id}`, { token: null, body: {} }),
        t.del(`/v1/events/${privateEvent.id}`, { token: null }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    });

    it('When a non-member touches a private application, then every answer is 404 and lists hide it', async () => {
      const token = users.stranger.token;
      expect((await t.get(`/v1/events/${privateEvent.id}`, { token })).status).toBe(404);
      expect((await t.put(`/v1/events/${privateEvent.id}`, { token, body: { name: 'x' } })).status).toBe(404);
      expect((await t.del(`/v1/events/${privateEvent.id}`, { token })).status).toBe(404);
      const create = await t.post('/v1/events', {
        token,
        body: { applicationId: privateApp, name: 'x', alias: 'x' },
      });
      expect(create.status).toBe(404);
      expect(create.body.error).toBe('Aplicação não encontrada');
      const list = await t.get('/v1/events?scope=discover&limit=100', { token });
      const ids = list.body.data.map((event: { id: string }) => event.id);
      expect(ids).not.toContain(privateEvent.id);
      expect(ids).not.toContain(privateEventOfPublicApp.id);
      expect((await t.get(`/v1/events/${privateEventOfPublicApp.id}`, { token })).status).toBe(404);
      expect((await t.get(`/v1/events/${MISSING_ID}`, { token })).status).toBe(404);
    });

    it('When a non-member reads a PUBLIC event of a PUBLIC application, then it is readable with masked secrets but not editable', async () => {
      const token = users.stranger.token;
      const detail = await t.get(`/v1/events/${publicEvent.id}`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body.data.callbackAuthDetails).toEqual({ token: MASKED_SECRET });
      expect(JSON.stringify(detail.body)).not.toContain('pub-token');
      expect(detail.body.data.permissions).toEqual({ canWrite: false, canDelete: false });
      const mine = await t.get('/v1/events', { token });
      expect(mine.body.data.map((event: { id: string }) => event.id)).not.toContain(publicEvent.id);
      const discover = await t.get('/v1/events?scope=discover', { token });
      expect(discover.body.data.map((event: { id: string }) => event.id)).toContain(publicEvent.id);
      expect((await t.put(`/v1/events/${publicEvent.id}`, { token, body: { name: 'x' } })).status).toBe(403);
      expect((await t.del(`/v1/events/${publicEvent.id}`, { token })).status).toBe(403);
      const create = await t.post('/v1/events', {
        token,
        body: { applicationId: publicApp, name: 'x', alias: 'x' },
      });
      expect(create.status).toBe(403);
    });

    it('When members act, then each flag allows exactly its actions and readers see masked secrets', async () => {
      const read = await t.get(`/v1/events/${privateEvent.id}`, { token: users.reader.token });
      expect(read.status).toBe(200);
      expect(read.body.data.callbackAuthDetails).toEqual({ username: 'bob', password: MASKED_SECRET });
      const listed = await t.get(`/v1/events?applicationId=${privateApp}`, { token: users.reader.token });
      expect(listed.body.data[0].callbackAuthDetails).toEqual({ username: 'bob', password: MASKED_SECRET });
      expect(
        (await t.put(`/v1/events/${privateEvent.id}`, { token: users.reader.token, body: { name: 'r' } }))
          .status,
      ).toBe(403);
      expect((await t.del(`/v1/events/${privateEvent.id}`, { token: users.reader.token })).status).toBe(403);
      const readerCreate = await t.post('/v1/events', {
        token: users.reader.token,
        body: { applicationId: privateApp, name: 'x', alias: 'reader.x' },
      });
      expect(readerCreate.status).toBe(403);

      const written = await t.put(`/v1/events/${privateEvent.id}`, {
        token: users.writer.token,
        body: { name: 'Escrito' },
      });
      expect(written.status).toBe(200);
      expect(written.body.data.callbackAuthDetails).toEqual({ username: 'bob', password: 's3cret' });
      const writerEvent = await createEvent(t, privateApp, {}, users.writer.token);
      expect((await t.del(`/v1/events/${writerEvent.id}`, { token: users.writer.token })).status).toBe(403);

      expect(
        (await t.put(`/v1/events/${writerEvent.id}`, { token: users.deleter.token, body: { name: 'd' } }))
          .status,
      ).toBe(403);
      expect((await t.del(`/v1/events/${writerEvent.id}`, { token: users.deleter.token })).status).toBe(204);
    });

    it('When the owner or an admin acts, then everything is allowed and admins see every event', async () => {
      const ownerEvent = await createEvent(t, privateApp, {}, users.appOwner.token);
      expect(
        (await t.put(`/v1/events/${ownerEvent.id}`, { token: users.appOwner.token, body: { name: 'o' } }))
          .status,
      ).toBe(200);
      const adminList = await t.get(`/v1/events?applicationId=${privateApp}&limit=100`);
      expect(adminList.body.data.map((event: { id: string }) => event.id)).toContain(ownerEvent.id);
      const adminRead = await t.get(`/v1/events/${privateEvent.id}`);
      expect(adminRead.body.data.callbackAuthDetails.password).toBe('s3cret');
      expect(
        (await t.put(`/v1/events/${ownerEvent.id}`, { body: { status: 'INACTIVE' } })).body.data.status,
      ).toBe('INACTIVE');
      expect((await t.del(`/v1/events/${ownerEvent.id}`)).status).toBe(204);
      expect((await t.del(`/v1/events/${ownerEvent.id}`, { token: users.appOwner.token })).status).toBe(404);
    });
  });
});
