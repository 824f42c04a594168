import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleExecutions, rules } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import {
  createRoute,
  createRouteEventType,
  createRouteField,
  createRule,
} from './support/automation-fixtures';
import { addMember, insertApplication } from './support/event-fixtures';
import { startWithOwnedApplication, type TestUser } from './support/owned-application-fixture';
import type { TestApp } from './support/test-app';
import { expectCreateRefusals } from './support/validation-cases';

const MISSING_ID = '0195f0e0-0000-7000-8000-000000000000';

describe('routes, route event types and route fields', () => {
  let t: TestApp;
  let owner: TestUser;
  let appId: string;

  beforeAll(async () => {
    ({ t, owner, appId } = await startWithOwnedApplication('Atendimento'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When the owner creates, reads, lists, updates and deletes a route, then each answer has the route shapes', async () => {
    const created = await t.post('/v1/routes', {
      token: owner.token,
      body: {
        applicationId: appId,
        name: ' WhatsApp ',
        endpoint: '/whatsapp/messages',
        description: 'Entrada',
      },
    });
    expect(created.status).toBe(201);
    const route = created.body.data;
    expect(route).toMatchObject({
      name: 'WhatsApp',
      endpoint: '/whatsapp/messages',
      method: 'POST',
      isActive: true,
      description: 'Entrada',
      applicationId: appId,
      application: { id: appId, name: 'Atendimento' },
      rules: [],
      _count: { eventTypes: 0, fields: 0, rules: 0 },
      eventTypes: [],
      fields: [],
    });

    const eventType = await createRouteEventType(
      t,
      route.id,
      { alias: 'message.text.received' },
      owner.token,
    );
    await createRouteField(t, route.id, { path: 'data.message.text' }, owner.token);
    const rule = await createRule(t, route, eventType, {}, owner.token);

    const read = await t.get(`/v1/routes/${route.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: route.id,
      _count: { eventTypes: 1, fields: 1, rules: 1 },
      rules: [
        { id: rule.id, name: rule.name, isActive: true, routeEventTypeId: eventType.id, eventId: null },
      ],
      eventTypes: [{ id: eventType.id, alias: 'message.text.received' }],
      fields: [{ path: 'data.message.text', type: 'string' }],
    });

    const list = await t.get(`/v1/routes?applicationId=${appId}&limit=50`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ page: 1, limit: 50, total: 1, totalPages: 1 });
    expect(list.body.data[0]).toMatchObject({
      id: route.id,
      application: { name: 'Atendimento' },
      rules: [{ id: rule.id }],
      _count: { eventTypes: 1, fields: 1, rules: 1 },
    });
    expect(list.body.data[0].eventTypes).toBeUndefined();

    const updated = await t.put(`/v1/routes/${route.id}`, {
      token: owner.token,
      body: { method: 'PUT', isActive: false, description: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'WhatsApp',
      method: 'PUT',
      isActive: false,
      description: null,
    });

    expect((await t.del(`/v1/routes/${route.id}`, { token: owner.token })).status).toBe(204);
    const gone = await t.get(`/v1/routes/${route.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Rota não encontrada', code: 'NOT_FOUND' });
  });

  it('When routes are searched, then name, endpoint and description match and other applications are left out', async () => {
    const otherApp = await insertApplication(t, { ownerId: owner.id });
    await createRoute(t, appId, { name: 'Pedidos Shopify', endpoint: '/shopify' }, owner.token);
    await createRoute(
      t,
      appId,
      { name: 'Telegram', endpoint: '/tg', description: 'bot do shopify' },
      owner.token,
    );
    await createRoute(t, otherApp, { name: 'Outra shopify', endpoint: '/x' }, owner.token);
    const found = await t.get(`/v1/routes?applicationId=${appId}&search=SHOPIFY`, { token: owner.token });
    expect(found.body.data.map((route: { name: string }) => route.name).sort()).toEqual([
      'Pedidos Shopify',
      'Telegram',
    ]);
    const byEndpoint = await t.get('/v1/routes?search=%2Ftg', { token: owner.token });
    expect(byEndpoint.body.data.map((route: { name: string }) => route.name)).toEqual(['Telegram']);
  });

  it('When route input is invalid, then each answer is 400 with its pt-BR message', async () => {
    const base = { applicationId: appId, name: 'Rota', endpoint: '/rota' };
    await expectCreateRefusals(t, '/v1/routes', owner.token, base, [
      [{ name: '  ' }, 'Nome é obrigatório'],
      [{ endpoint: '' }, 'Endpoint é obrigatório'],
      [{ endpoint: 'rota' }, 'Endpoint deve começar com / e não ter espaços'],
      [{ method: 'HEAD' }, 'Método inválido'],
      [{ applicationId: '' }, 'Aplicação é obrigatória'],
      [{ applicationId: 'abc' }, 'Aplicação inválida'],
    ]);
    const route = await createRoute(t, appId, {}, owner.token);
    const badUpdate = await t.put(`/v1/routes/${route.id}`, { token: owner.token, body: { endpoint: 'x' } });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error).toBe('Endpoint deve começar com / e não ter espaços');
    const missingApp = await t.post('/v1/routes', {
      token: owner.token,
      body: { ...base, applicationId: MISSING_ID },
    });
    expect(missingApp.status).toBe(404);
    expect(missingApp.body.error).toBe('Aplicação não encontrada');
  });

  it('When a route with rules is moved to another application, then it is refused; without rules it moves', async () => {
    const otherApp = await insertApplication(t, { ownerId: owner.id, name: 'Destino' });
    const route = await createRoute(t, appId, {}, owner.token);
    await createRule(t, route, await createRouteEventType(t, route.id, {}, owner.token), {}, owner.token);
    const refused = await t.put(`/v1/routes/${route.id}`, {
      token: owner.token,
      body: { applicationId: otherApp },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Uma rota com regras não pode mudar de aplicação');
    const bare = await createRoute(t, appId, {}, owner.token);
    const moved = await t.put(`/v1/routes/${bare.id}`, {
      token: owner.token,
      body: { applicationId: otherApp },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.application).toEqual({ id: otherApp, name: 'Destino' });
  });

  it('When event types are created, listed, read, updated and deleted, then alias is unique per route and rules follow it', async () => {
    const route = await createRoute(t, appId, { name: 'Entrada' }, owner.token);
    const other = await createRoute(t, appId, {}, owner.token);
    const created = await t.post('/v1/route-event-types', {
      token: owner.token,
      body: { routeId: route.id, name: 'Texto recebido', alias: 'message.text.received', description: 'x' },
    });
    expect(created.status).toBe(201);
    const eventType = created.body.data;
    expect(eventType).toMatchObject({
      routeId: route.id,
      name: 'Texto recebido',
      alias: 'message.text.received',
      description: 'x',
      isActive: true,
      route: { id: route.id, name: 'Entrada' },
      _count: { rules: 0 },
    });
    const duplicate = await t.post('/v1/route-event-types', {
      token: owner.token,
      body: { routeId: route.id, name: 'Outro', alias: 'message.text.received' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Já existe um tipo de evento com este alias nesta rota');
    await createRouteEventType(t, other.id, { alias: 'message.text.received' }, owner.token);

    const rule = await createRule(t, route, eventType, {}, owner.token);
    expect(rule.conditions.type).toBe('message.text.received');

    const list = await t.get(`/v1/route-event-types?routeId=${route.id}`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: eventType.id,
      _count: { rules: 1 },
      route: { name: 'Entrada' },
    });
    const read = await t.get(`/v1/route-event-types/${eventType.id}`, { token: owner.token });
    expect(read.body.data._count.rules).toBe(1);

    const renamed = await t.put(`/v1/route-event-types/${eventType.id}`, {
      token: owner.token,
      body: { alias: 'message.text.sent', isActive: false },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      alias: 'message.text.sent',
      isActive: false,
      name: 'Texto recebido',
    });
    const ruleAfter = await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token });
    expect(ruleAfter.body.data.conditions.type).toBe('message.text.sent');

    const badAlias = await t.put(`/v1/route-event-types/${eventType.id}`, {
      token: owner.token,
      body: { alias: 'Message Text' },
    });
    expect(badAlias.status).toBe(400);
    expect(badAlias.body.error).toBe(
      'Alias deve ter palavras minúsculas separadas por pontos, como message.text.received',
    );

    expect((await t.del(`/v1/route-event-types/${eventType.id}`, { token: owner.token })).status).toBe(204);
    const missing = await t.get(`/v1/route-event-types/${eventType.id}`, { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Tipo de evento não encontrado');
    const orphan = await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token });
    expect(orphan.status).toBe(200);
    expect(orphan.body.data).toMatchObject({ routeEventTypeId: null, routeEventType: null });
    expect(orphan.body.data.conditions.type).toBe('message.text.sent');
  });

  it('When event type input is invalid, then each answer is 400 with its pt-BR message', async () => {
    const route = await createRoute(t, appId, {}, owner.token);
    await expectCreateRefusals(
      t,
      '/v1/route-event-types',
      owner.token,
      { routeId: route.id, name: 'T', alias: 'a.b' },
      [
        [{ name: '' }, 'Nome é obrigatório'],
        [{ alias: '' }, 'Alias é obrigatório'],
        [
          { alias: 'a..b' },
          'Alias deve ter palavras minúsculas separadas por pontos, como message.text.received',
        ],
        [{ routeId: '' }, 'Rota é obrigatória'],
        [{ routeId: 'x' }, 'Rota inválida'],
      ],
    );
    const missingRoute = await t.post('/v1/route-event-types', {
      token: owner.token,
      body: { routeId: MISSING_ID, name: 'T', alias: 'a.b' },
    });
    expect(missingRoute.status).toBe(404);
    expect(missingRoute.body.error).toBe('Rota não encontrada');
  });

  it('When fields are created, listed, read, updated and deleted, then path parses and is unique per route', async () => {
    const route = await createRoute(t, appId, {}, owner.token);
    const created = await t.post('/v1/route-fields', {
      token: owner.token,
      body: {
        routeId: route.id,
        name: 'Texto',
        type: 'string',
        path: 'data.message.text',
        description: 'corpo',
      },
    });
    expect(created.status).toBe(201);
    const field = created.body.data;
    expect(field).toMatchObject({
      routeId: route.id,
      name: 'Texto',
      type: 'string',
      path: 'data.message.text',
      description: 'corpo',
      isActive: true,
    });
    const duplicate = await t.post('/v1/route-fields', {
      token: owner.token,
      body: { routeId: route.id, name: 'Outro', type: 'number', path: 'data.message.text' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Já existe um campo com este caminho nesta rota');
    const second = await createRouteField(
      t,
      route.id,
      { path: 'data.items[0].id', type: 'number' },
      owner.token,
    );

    const list = await t.get(`/v1/route-fields?routeId=${route.id}`, { token: owner.token });
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([field.id, second.id]);
    expect((await t.get(`/v1/route-fields/${field.id}`, { token: owner.token })).body.data.path).toBe(
      'data.message.text',
    );

    const updated = await t.put(`/v1/route-fields/${field.id}`, {
      token: owner.token,
      body: { type: 'array', path: 'data.message.tags', isActive: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Texto',
      type: 'array',
      path: 'data.message.tags',
      isActive: false,
    });
    const clash = await t.put(`/v1/route-fields/${field.id}`, {
      token: owner.token,
      body: { path: 'data.items[0].id' },
    });
    expect(clash.status).toBe(409);

    expect((await t.del(`/v1/route-fields/${field.id}`, { token: owner.token })).status).toBe(204);
    const missing = await t.get(`/v1/route-fields/${field.id}`, { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Campo não encontrado');
  });

  it('When field input is invalid, then each answer is 400 with its pt-BR message', async () => {
    const route = await createRoute(t, appId, {}, owner.token);
    await expectCreateRefusals(
      t,
      '/v1/route-fields',
      owner.token,
      { routeId: route.id, name: 'C', type: 'string', path: 'data.a' },
      [
        [{ name: ' ' }, 'Nome é obrigatório'],
        [{ type: 'date' }, 'Tipo é obrigatório: string, number, boolean, array ou object'],
        [{ path: '' }, 'Caminho é obrigatório'],
        [{ path: 'data[x]' }, 'Caminho inválido: use um caminho JSON como data.message.text'],
        [{ path: 'a..b' }, 'Caminho inválido: use um caminho JSON como data.message.text'],
      ],
    );
  });

  it('When a route is deleted, then its event types, fields, rules and their executions go in one transaction', async () => {
    const route = await createRoute(t, appId, {}, owner.token);
    const eventType = await createRouteEventType(t, route.id, {}, owner.token);
    const field = await createRouteField(t, route.id, {}, owner.token);
    const rule = await createRule(t, route, eventType, {}, owner.token);
    await t.ctx.db.insert(ruleExecutions).values({ id: newId(), ruleId: rule.id, success: true });
    expect((await t.del(`/v1/routes/${route.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.get(`/v1/route-event-types/${eventType.id}`, { token: owner.token })).status).toBe(404);
    expect((await t.get(`/v1/route-fields/${field.id}`, { token: owner.token })).status).toBe(404);
    expect((await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token })).status).toBe(404);
    expect(await t.ctx.db.select().from(ruleExecutions).where(eq(ruleExecutions.ruleId, rule.id))).toEqual(
      [],
    );
  });

  it('When the application is deleted, then its routes and rules go with it', async () => {
    const doomed = await insertApplication(t, { ownerId: owner.id });
    const route = await createRoute(t, doomed, {}, owner.token);
    const rule = await createRule(
      t,
      route,
      await createRouteEventType(t, route.id, {}, owner.token),
      {},
      owner.token,
    );
    expect((await t.del(`/v1/applications/${doomed}`, { token: owner.token })).status).toBe(204);
    expect((await t.get(`/v1/routes/${route.id}`, { token: owner.token })).status).toBe(404);
    expect(await t.ctx.db.select().from(rules).where(eq(rules.id, rule.id))).toEqual([]);
  });

  it('When a reader, a writer and the owner read routes, event types and fields, then each row says whether they may edit or delete it', async () => {
    const reader = await t.createUser();
    const writer = await t.createUser();
    await addMember(t, appId, reader.id);
    await addMember(t, appId, writer.id, { canWrite: true });
    const route = await createRoute(t, appId, {}, owner.token);
    const eventType = await createRouteEventType(t, route.id, {}, owner.token);
    const field = await createRouteField(t, route.id, {}, owner.token);
    const answersFor = async (token: string) => {
      const [routeList, routeDetail, typeList, typeDetail, fieldList, fieldDetail] = await Promise.all([
        t.get(`/v1/routes?applicationId=${appId}&search=${encodeURIComponent(route.name)}`, { token }),
        t.get(`/v1/routes/${route.id}`, { token }),
        t.get(`/v1/route-event-types?routeId=${route.id}`, { token }),
        t.get(`/v1/route-event-types/${eventType.id}`, { token }),
        t.get(`/v1/route-fields?routeId=${route.id}`, { token }),
        t.get(`/v1/route-fields/${field.id}`, { token }),
      ]);
      return [
        routeList.body.data[0].permissions,
        routeDetail.body.data.permissions,
        routeDetail.body.data.eventTypes[0].permissions,
        routeDetail.body.data.fields[0].permissions,
        typeList.body.data[0].permissions,
        typeDetail.body.data.permissions,
        fieldList.body.data[0].permissions,
        fieldDetail.body.data.permissions,
      ];
    };
    const every = (flags: { canWrite: boolean; canDelete: boolean }) => Array(8).fill(flags);
    expect(await answersFor(reader.token)).toEqual(every({ canWrite: false, canDelete: false }));
    expect(await answersFor(writer.token)).toEqual(every({ canWrite: true, canDelete: false }));
    expect(await answersFor(owner.token)).toEqual(every({ canWrite: true, canDelete: true }));
    expect(route.permissions).toEqual({ canWrite: true, canDelete: true });
    expect(eventType.permissions).toEqual({ canWrite: true, canDelete: true });
    expect(field.permissions).toEqual({ canWrite: true, canDelete: true });
    // The flags say what the API does: the reader's edit and delete are refused.
    expect((await t.put(`/v1/routes/${route.id}`, { token: reader.token, body: {} })).status).toBe(403);
    expect((await t.del(`/v1/route-fields/${field.id}`, { token: writer.token })).status).toBe(403);
  });

  it('When ids are missing, then every single-item route answers 404 with its entity message', async () => {
    const cases = [
      ['/v1/routes', 'Rota não encontrada'],
      ['/v1/route-event-types', 'Tipo de evento não encontrado'],
      ['/v1/route-fields', 'Campo não encontrado'],
    ] as const;
    for (const [base, message] of cases) {
      for (const res of [
        await t.get(`${base}/${MISSING_ID}`, { token: owner.token }),
        await t.put(`${base}/${MISSING_ID}`, { token: owner.token, body: {} }),
        await t.del(`${base}/${MISSING_ID}`, { token: owner.token }),
      ]) {
        expect({ base, status: res.status, error: res.body.error }).toEqual({
          base,
          status: 404,
          error: message,
        });
      }
    }
    expect((await t.get('/v1/routes/not-a-uuid', { token: owner.token })).body.error).toBe(
      'Identificador inválido',
    );
  });
});
