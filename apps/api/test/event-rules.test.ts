import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleExecutions } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createRoute, createRouteEventType, createRule, ruleBody } from './support/automation-fixtures';
import { addMember, createEvent, createSubscription, insertApplication } from './support/event-fixtures';
import { startWithOwnedApplication, type TestUser } from './support/owned-application-fixture';
import type { TestApp } from './support/test-app';
import { expectCreateRefusals } from './support/validation-cases';

const MISSING_ID = '0195f0e0-0000-7000-8000-000000000000';

describe('event rules', () => {
  let t: TestApp;
  let owner: TestUser;
  let appId: string;
  let route: { id: string; applicationId: string; name: string };
  let eventType: { id: string; alias: string; name: string };

  beforeAll(async () => {
    ({ t, owner, appId } = await startWithOwnedApplication('Atendimento'));
    route = await createRoute(t, appId, { name: 'WhatsApp' }, owner.token);
    eventType = await createRouteEventType(
      t,
      route.id,
      { alias: 'message.text.received', name: 'Texto' },
      owner.token,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When the owner creates, reads, updates and deletes a rule, then each answer has the rule shape', async () => {
    const created = await t.post('/v1/event-rules', {
      token: owner.token,
      body: {
        name: ' Pedidos de ajuda ',
        description: 'Encaminha ao suporte',
        applicationId: appId,
        routeId: route.id,
        routeEventTypeId: eventType.id,
        conditions: {
          type: 'ignored.by.the.server',
          rules: [
            { field: 'data.message.text', operator: 'CONTAINS_ANY', values: [' ajuda ', 'socorro'] },
            { field: 'data.amount', operator: 'GREATER_THAN', values: ['10'], caseSensitive: true },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    const rule = created.body.data;
    expect(rule).toMatchObject({
      name: 'Pedidos de ajuda',
      description: 'Encaminha ao suporte',
      applicationId: appId,
      application: { id: appId, name: 'Atendimento' },
      routeId: route.id,
      route: { id: route.id, name: 'WhatsApp' },
      routeEventTypeId: eventType.id,
      routeEventType: { id: eventType.id, alias: 'message.text.received', name: 'Texto', isActive: true },
      eventId: null,
      event: null,
      isActive: true,
      conditions: {
        type: 'message.text.received',
        logic: 'AND',
        rules: [
          {
            field: 'data.message.text',
            operator: 'CONTAINS_ANY',
            values: ['ajuda', 'socorro'],
            caseSensitive: false,
          },
          { field: 'data.amount', operator: 'GREATER_THAN', values: ['10'], caseSensitive: true },
        ],
      },
      _count: { executions: 0 },
      permissions: { canWrite: true, canDelete: true },
    });

    expect((await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token })).body).toEqual({ data: rule });

    const updated = await t.put(`/v1/event-rules/${rule.id}`, {
      token: owner.token,
      body: {
        name: 'Ajuda',
        description: null,
        isActive: false,
        conditions: { logic: 'OR', rules: [{ field: 'data.x', operator: 'EQUALS', values: ['y'] }] },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Ajuda',
      description: null,
      isActive: false,
      routeEventTypeId: eventType.id,
      conditions: {
        type: 'message.text.received',
        logic: 'OR',
        rules: [{ field: 'data.x', operator: 'EQUALS', values: ['y'], caseSensitive: false }],
      },
    });

    expect((await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token })).status).toBe(204);
    const gone = await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Regra não encontrada', code: 'NOT_FOUND' });
  });

  it('When a rule is invalid, then each answer is 400 with the form message', async () => {
    const base = ruleBody(route, eventType);
    const condition = (override: Record<string, unknown>) => ({
      conditions: { rules: [{ field: 'data.a', operator: 'EQUALS', values: ['x'], ...override }] },
    });
    await expectCreateRefusals(t, '/v1/event-rules', owner.token, base, [
      [{ name: '   ' }, 'Por favor, insira um nome para a regra.'],
      [{ name: undefined }, 'Por favor, insira um nome para a regra.'],
      [{ applicationId: '' }, 'Por favor, selecione uma aplicação.'],
      [{ applicationId: undefined }, 'Por favor, selecione uma aplicação.'],
      [{ conditions: { type: 'a', rules: [] } }, 'Por favor, adicione pelo menos uma condição.'],
      [{ conditions: undefined }, 'Por favor, adicione pelo menos uma condição.'],
      [{ routeId: '' }, 'Por favor, selecione uma rota.'],
      [condition({ values: ['ok', '   '] }), 'Condição 1: Valor não pode ser vazio'],
      [condition({ values: [] }), 'Condição 1: adicione pelo menos um valor'],
      [condition({ operator: 'STARTS_WITH' }), 'Condição 1: operador inválido'],
      [condition({ field: '' }), 'Condição 1: campo é obrigatório'],
      [condition({ field: 'data..a' }), 'Condição 1: campo inválido (use um caminho como data.message.text)'],
      [
        { conditions: { logic: 'XOR', rules: [{ field: 'a', operator: 'EQUALS', values: ['x'] }] } },
        'Lógica deve ser AND ou OR',
      ],
      [
        {
          routeEventTypeId: null,
          conditions: { rules: [{ field: 'a', operator: 'EQUALS', values: ['x'] }] },
        },
        'Por favor, selecione um tipo de evento.',
      ],
    ]);
  });

  it('When a REGEX does not compile or is longer than 1,000 characters, then saving it answers 400', async () => {
    const regex = (pattern: string) =>
      ruleBody(route, eventType, {
        conditions: { rules: [{ field: 'data.message.text', operator: 'REGEX', values: [pattern] }] },
      });
    const broken = await t.post('/v1/event-rules', { token: owner.token, body: regex('(ajuda') });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/^Condição 1: Expressão regular inválida: /);
    const long = await t.post('/v1/event-rules', { token: owner.token, body: regex('a'.repeat(1001)) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Condição 1: A expressão regular deve ter no máximo 1000 caracteres.');
    const fine = await t.post('/v1/event-rules', { token: owner.token, body: regex('^(ajuda|socorro)\\b') });
    expect(fine.status).toBe(201);
    const brokenUpdate = await t.put(`/v1/event-rules/${fine.body.data.id}`, {
      token: owner.token,
      body: { conditions: { rules: [{ field: 'data.a', operator: 'REGEX', values: ['[a-'] }] } },
    });
    expect(brokenUpdate.status).toBe(400);
  });

  it('When the route, event type or linked event belong elsewhere, then the rule is refused with 400', async () => {
    const otherApp = await insertApplication(t, { ownerId: owner.id });
    const foreignRoute = await createRoute(t, otherApp, {}, owner.token);
    const siblingRoute = await createRoute(t, appId, {}, owner.token);
    const foreignType = await createRouteEventType(t, siblingRoute.id, {}, owner.token);
    const foreignEvent = await createEvent(t, otherApp, {}, owner.token);
    const cases = [
      [{ routeId: foreignRoute.id }, 'A rota deve ser uma rota da aplicação da regra'],
      [{ routeId: MISSING_ID }, 'A rota deve ser uma rota da aplicação da regra'],
      [{ routeEventTypeId: foreignType.id }, 'O tipo de evento deve ser um tipo de evento da rota da regra'],
      [{ eventId: foreignEvent.id }, 'O evento vinculado deve ser um evento da aplicação da regra'],
    ] as const;
    for (const [override, message] of cases) {
      const res = await t.post('/v1/event-rules', {
        token: owner.token,
        body: ruleBody(route, eventType, override),
      });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: message });
    }
    const rule = await createRule(t, route, eventType, {}, owner.token);
    const moved = await t.put(`/v1/event-rules/${rule.id}`, {
      token: owner.token,
      body: { routeId: siblingRoute.id },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('O tipo de evento deve ser um tipo de evento da rota da regra');
    const movedWithType = await t.put(`/v1/event-rules/${rule.id}`, {
      token: owner.token,
      body: { routeId: siblingRoute.id, routeEventTypeId: foreignType.id },
    });
    expect(movedWithType.status).toBe(200);
    expect(movedWithType.body.data.conditions.type).toBe(foreignType.alias);
    const link = await t.post(`/v1/event-rules/${rule.id}/link-event`, {
      token: owner.token,
      body: { eventId: foreignEvent.id },
    });
    expect(link.status).toBe(400);
    expect(link.body.error).toBe('O evento vinculado deve ser um evento da aplicação da regra');
  });

  it('When a rule is toggled, linked and unlinked, then each answer shows the new state', async () => {
    const event = await createEvent(t, appId, { name: 'Abrir chamado', alias: 'ticket.open' }, owner.token);
    await createSubscription(t, event.id, {}, owner.token);
    const rule = await createRule(t, route, eventType, {}, owner.token);

    const off = await t.patch(`/v1/event-rules/${rule.id}/toggle`, { token: owner.token });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect(
      (await t.patch(`/v1/event-rules/${rule.id}/toggle`, { token: owner.token })).body.data.isActive,
    ).toBe(true);

    const linked = await t.post(`/v1/event-rules/${rule.id}/link-event`, {
      token: owner.token,
      body: { eventId: event.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({
      eventId: event.id,
      event: {
        id: event.id,
        name: 'Abrir chamado',
        alias: 'ticket.open',
        queueType: 'IMMEDIATE',
        status: 'ACTIVE',
        _count: { subscriptions: 1 },
      },
    });
    const noEvent = await t.post(`/v1/event-rules/${rule.id}/link-event`, { token: owner.token, body: {} });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.error).toBe('Evento é obrigatório');

    const unlinked = await t.del(`/v1/event-rules/${rule.id}/link-event`, { token: owner.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data).toMatchObject({ eventId: null, event: null });

    await t.post(`/v1/event-rules/${rule.id}/link-event`, {
      token: owner.token,
      body: { eventId: event.id },
    });
    expect((await t.del(`/v1/events/${event.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token })).body.data).toMatchObject({
      eventId: null,
      event: null,
    });
  });

  it('When executions exist, then they page 20 at a time newest first and go with their rule', async () => {
    const rule = await createRule(t, route, eventType, {}, owner.token);
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.ctx.db.insert(ruleExecutions).values(
      Array.from({ length: 23 }, (_, i) => ({
        id: newId(),
        ruleId: rule.id,
        success: i % 2 === 0,
        executedAt: new Date(base + i * 1000),
        executionTimeMs: i,
        executedActions: [],
        errorMessage: i % 2 === 0 ? null : 'falhou',
      })),
    );
    const first = await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]).toMatchObject({
      ruleId: rule.id,
      success: true,
      executionTimeMs: 22,
      executedActions: [],
      errorMessage: null,
      executedAt: new Date(base + 22_000).toISOString(),
    });
    const second = await t.get(`/v1/event-rules/${rule.id}/executions?page=2`, { token: owner.token });
    expect(second.body.data.map((row: { executionTimeMs: number }) => row.executionTimeMs)).toEqual([
      2, 1, 0,
    ]);
    expect(
      (await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token })).body.data._count.executions,
    ).toBe(23);

    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
    expect((await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token })).status).toBe(404);
    const left = await t.ctx.db.select().from(ruleExecutions);
    expect(left.filter((row) => row.ruleId === rule.id)).toEqual([]);
  });

  it('When rules are listed with filters, then data, pagination and stats over the whole filter agree', async () => {
    const listApp = await insertApplication(t, { ownerId: owner.id, name: 'Listas' });
    const listRoute = await createRoute(t, listApp, {}, owner.token);
    const textType = await createRouteEventType(
      t,
      listRoute.id,
      { alias: 'message.text.received' },
      owner.token,
    );
    const imageType = await createRouteEventType(
      t,
      listRoute.id,
      { alias: 'message.image.received' },
      owner.token,
    );
    const event = await createEvent(t, listApp, {}, owner.token);
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createRule(
          t,
          listRoute,
          i < 3 ? textType : imageType,
          {
            name: `Regra lista ${i}`,
            isActive: i !== 1,
            eventId: i === 0 ? event.id : null,
            description: i === 4 ? 'Suporte VIP' : null,
          },
          owner.token,
        ),
      );
    }
    await t.ctx.db.insert(ruleExecutions).values([
      { id: newId(), ruleId: made[0].id, success: true },
      { id: newId(), ruleId: made[0].id, success: false },
      { id: newId(), ruleId: made[3].id, success: true },
    ]);

    const all = await t.get(`/v1/event-rules?applicationId=${listApp}&limit=2`, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(all.body.stats).toEqual({ active: 4, inactive: 1, executions: 3 });
    expect(all.body.data.map((rule: { name: string }) => rule.name)).toEqual([
      'Regra lista 4',
      'Regra lista 3',
    ]);
    expect(all.body.data[1]._count.executions).toBe(1);

    const names = async (query: string) =>
      (await t.get(`/v1/event-rules?applicationId=${listApp}&${query}`, { token: owner.token })).body.data
        .map((rule: { name: string }) => rule.name)
        .sort();
    expect(await names('isActive=false')).toEqual(['Regra lista 1']);
    expect(await names('eventType=IMAGE')).toEqual(['Regra lista 3', 'Regra lista 4']);
    expect(await names(`routeEventTypeId=${textType.id}`)).toEqual([
      'Regra lista 0',
      'Regra lista 1',
      'Regra lista 2',
    ]);
    expect(await names('withoutEvent=true')).toHaveLength(4);
    expect(await names('search=vip')).toEqual(['Regra lista 4']);
    const inactive = await t.get(`/v1/event-rules?applicationId=${listApp}&isActive=false`, {
      token: owner.token,
    });
    expect(inactive.body.stats).toEqual({ active: 0, inactive: 1, executions: 0 });
    const badQuery = await t.get('/v1/event-rules?isActive=maybe', { token: owner.token });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error).toBe('Status inválido: use true ou false');
  });

  it('When a reader or a writer reads rules, then each rule says whether they may edit or delete it', async () => {
    const reader = await t.createUser();
    const writer = await t.createUser();
    await addMember(t, appId, reader.id);
    await addMember(t, appId, writer.id, { canWrite: true });
    const rule = await createRule(t, route, eventType, {}, owner.token);
    const asReader = await t.get(`/v1/event-rules/${rule.id}`, { token: reader.token });
    expect(asReader.body.data.permissions).toEqual({ canWrite: false, canDelete: false });
    const asWriter = await t.get(`/v1/event-rules?applicationId=${appId}&search=${rule.name}`, {
      token: writer.token,
    });
    expect(asWriter.body.data[0].permissions).toEqual({ canWrite: true, canDelete: false });
  });

  it('When ids are missing, then every rule route answers 404 Regra não encontrada', async () => {
    const token = owner.token;
    const calls = [
      t.get(`/v1/event-rules/${MISSING_ID}`, { token }),
      t.put(`/v1/event-rules/${MISSING_ID}`, { token, body: {} }),
      t.del(`/v1/event-rules/${MISSING_ID}`, { token }),
      t.patch(`/v1/event-rules/${MISSING_ID}/toggle`, { token }),
      t.post(`/v1/event-rules/${MISSING_ID}/link-event`, { token, body: { eventId: MISSING_ID } }),
      t.del(`/v1/event-rules/${MISSING_ID}/link-event`, { token }),
      t.get(`/v1/event-rules/${MISSING_ID}/executions`, { token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Regra não encontrada', code: 'NOT_FOUND' });
    }
  });
});
