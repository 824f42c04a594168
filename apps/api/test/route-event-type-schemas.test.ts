import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, inboundRequests, occurrences, routeEventTypes } from '../src/db/schema';
import { createRouteEventType, createRule } from './support/automation-fixtures';
import { insertApplication } from './support/delivery-fixtures';
import {
  countInbound,
  createInboundRoute,
  ingestUrlOn,
  listenOnLoopback,
  sendInbound,
} from './support/ingest-fixtures';
import type { TestUser } from './support/owned-application-fixture';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const orderSchema = {
  type: 'object',
  required: ['type', 'pedido'],
  properties: {
    type: { type: 'string' },
    pedido: { type: 'integer', minimum: 1 },
    email: { type: 'string', format: 'email' },
  },
};

const VIOLATION = 'Payload não corresponde ao schema do evento';

describe('route event types with a schema', () => {
  let t: TestApp;
  let owner: TestUser;
  let app: { id: string; apiKey: string };
  let baseUrl: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://hooks.example.com' });
    owner = await t.createUser();
    app = await insertApplication(t.ctx, { ownerId: owner.id });
    baseUrl = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = () => ({ token: owner.token });

  /** A route without verification, its event type read from `type`, with one event type of `mode`. */
  async function routeWith(mode: 'OFF' | 'WARN' | 'ENFORCE') {
    counter += 1;
    const route = await createInboundRoute(t, app.id, { verification: { type: 'NONE' } }, owner.token);
    const alias = `pedido.criado${counter}`;
    const eventType = await createRouteEventType(
      t,
      route.id,
      { alias, schema: orderSchema, schemaValidation: mode, examples: [{ type: alias, pedido: 1 }] },
      owner.token,
    );
    const send = (body: Record<string, unknown>) =>
      sendInbound(ingestUrlOn(baseUrl, route), {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: alias, ...body }),
      });
    const emitRules = (data: Record<string, unknown>) =>
      t.post('/v1/emit-rules', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType: alias, data: { type: alias, ...data } },
      });
    return { route, eventType, alias, send, emitRules };
  }

  const keptRequest = async (id: string) =>
    (await t.ctx.db.select().from(inboundRequests).where(eq(inboundRequests.id, id)))[0];

  const occurrenceOfLog = async (eventLogId: string) => {
    const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, eventLogId));
    return (
      await t.ctx.db
        .select()
        .from(occurrences)
        .where(eq(occurrences.id, log?.eventId as string))
    )[0];
  };

  it('When an event type is saved with a schema, then it answers the schema, examples, mode and version 1; a change makes version 2', async () => {
    const { eventType } = await routeWith('WARN');
    expect(eventType).toMatchObject({
      schema: orderSchema,
      examples: [{ pedido: 1 }],
      schemaValidation: 'WARN',
      schemaVersion: 1,
    });
    const renamed = await t.put(`/v1/route-event-types/${eventType.id}`, {
      ...as(),
      body: { name: 'Outro' },
    });
    expect(renamed.body.data.schemaVersion).toBe(1);
    const changed = await t.put(`/v1/route-event-types/${eventType.id}`, {
      ...as(),
      body: { schema: { ...orderSchema, required: ['type'] } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ schemaVersion: 2, schema: { required: ['type'] } });
  });

  it('When an event type gets an invalid schema, an example breaking it or a mode without schema, then 400 in pt-BR and nothing changes', async () => {
    const route = await createInboundRoute(t, app.id, { verification: { type: 'NONE' } }, owner.token);
    const create = (body: Record<string, unknown>) =>
      t.post('/v1/route-event-types', {
        ...as(),
        body: { routeId: route.id, name: 'Tipo', alias: 'tipo.invalido', ...body },
      });
    const badSchema = await create({ schema: { type: 'objeto' } });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(badSchema.body.error).toMatch(/^Schema inválido em schema\.type/);
    const badExample = await create({ schema: orderSchema, examples: [{ pedido: 0 }] });
    expect(badExample.status).toBe(400);
    expect(badExample.body.error).toMatch(/^O exemplo 1 não corresponde ao schema/);
    const noSchema = await create({ schemaValidation: 'ENFORCE' });
    expect(noSchema.status).toBe(400);
    expect(noSchema.body.error).toBe('Defina um schema para validar os payloads.');
    const listed = await t.get(`/v1/route-event-types?routeId=${route.id}`, as());
    expect(listed.body.data).toEqual([]);
  });

  it('When an inbound request breaks an ENFORCE schema, then 422 SCHEMA_VIOLATION, the request is kept REJECTED with the violations and runs no rule', async () => {
    const { route, alias, send } = await routeWith('ENFORCE');
    const refused = await send({ pedido: 0, email: 'não-é-email' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: VIOLATION, code: 'SCHEMA_VIOLATION' });
    const violations = [
      { path: '/email', message: 'deve estar no formato "email"' },
      { path: '/pedido', message: 'deve ser maior ou igual a 1' },
    ];
    expect(refused.body.details).toEqual(violations);
    expect(await countInbound(t.ctx, route.id)).toEqual({ requests: 1, logs: 0 });
    const [kept] = await t.ctx.db.select().from(inboundRequests).where(eq(inboundRequests.routeId, route.id));
    expect(kept).toMatchObject({
      status: 'REJECTED',
      errorMessage: VIOLATION,
      eventType: alias,
      schemaVersion: 1,
      schemaViolations: violations,
    });
    const detail = await t.get(`/v1/inbound-requests/${kept?.id}`, as());
    expect(detail.body.data).toMatchObject({
      status: 'REJECTED',
      schemaVersion: 1,
      schemaViolations: violations,
    });

    const accepted = await send({ pedido: 3 });
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('ACCEPTED');
    expect(await countInbound(t.ctx, route.id)).toEqual({ requests: 2, logs: 1 });
  });

  it('When an inbound request breaks a WARN schema, then it is accepted, its rules log made, and the request and occurrence keep the violations', async () => {
    const { send } = await routeWith('WARN');
    const accepted = await send({ pedido: 'sete' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', eventLogId: expect.any(String) });
    const violations = [{ path: '/pedido', message: 'deve ser do tipo número inteiro' }];
    expect(await keptRequest(accepted.body.id)).toMatchObject({
      schemaVersion: 1,
      schemaViolations: violations,
    });
    expect(await occurrenceOfLog(accepted.body.eventLogId)).toMatchObject({
      schemaVersion: 1,
      schemaViolations: violations,
    });
    const detail = await t.get(`/v1/inbound-requests/${accepted.body.id}`, as());
    expect(detail.body.data.schemaViolations).toEqual(violations);
  });

  it('When an event type is OFF, then any body is accepted and nothing about the schema is kept', async () => {
    const { send } = await routeWith('OFF');
    const accepted = await send({ pedido: 'sete' });
    expect(accepted.status).toBe(202);
    expect(await keptRequest(accepted.body.id)).toMatchObject({
      schemaVersion: null,
      schemaViolations: null,
    });
  });

  it('When the schema of an ENFORCE event type changes, then the next request is checked against the new version', async () => {
    const { eventType, alias, send } = await routeWith('ENFORCE');
    expect((await send({ pedido: 2 })).status).toBe(202);
    const changed = await t.put(`/v1/route-event-types/${eventType.id}`, {
      ...as(),
      body: {
        schema: { ...orderSchema, required: ['type', 'pedido', 'email'] },
        examples: [{ type: alias, pedido: 1, email: 'ana@example.com' }],
      },
    });
    expect(changed.body.data.schemaVersion).toBe(2);
    const refused = await send({ pedido: 2 });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([{ path: '/email', message: 'propriedade obrigatória ausente' }]);
  });

  it('When data posted to /v1/emit-rules breaks an ENFORCE event type of the application, then 422 and nothing is stored', async () => {
    const { emitRules, alias } = await routeWith('ENFORCE');
    const refused = await emitRules({ pedido: -1 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: VIOLATION,
      code: 'SCHEMA_VIOLATION',
      details: [{ path: '/pedido', message: 'deve ser maior ou igual a 1' }],
    });
    expect(await t.ctx.db.select().from(occurrences).where(eq(occurrences.eventType, alias))).toEqual([]);
    const accepted = await emitRules({ pedido: 1 });
    expect(accepted.status).toBe(202);
    expect(await occurrenceOfLog(accepted.body.eventLogId)).toMatchObject({
      schemaVersion: 1,
      schemaViolations: null,
    });
  });

  it('When data posted to /v1/emit-rules breaks a WARN event type, then 202 and the occurrence keeps the violations; OFF keeps nothing', async () => {
    const warned = await routeWith('WARN');
    const accepted = await warned.emitRules({});
    expect(accepted.status).toBe(202);
    expect(await occurrenceOfLog(accepted.body.eventLogId)).toMatchObject({
      schemaVersion: 1,
      schemaViolations: [{ path: '/pedido', message: 'propriedade obrigatória ausente' }],
    });
    const detail = await t.get(`/v1/rabbitmq/events/${accepted.body.eventLogId}`, as());
    expect(detail.body.data).toMatchObject({
      schemaVersion: 1,
      schemaViolations: [{ path: '/pedido', message: 'propriedade obrigatória ausente' }],
    });
    const off = await routeWith('OFF');
    const free = await off.emitRules({ pedido: 'x' });
    expect(free.status).toBe(202);
    expect(await occurrenceOfLog(free.body.eventLogId)).toMatchObject({
      schemaVersion: null,
      schemaViolations: null,
    });
  });

  it('When an ENFORCE event type is changed through the API, then the next /v1/emit-rules call is checked against the new schema, mode and activation', async () => {
    const { eventType, alias, emitRules } = await routeWith('ENFORCE');
    expect((await emitRules({ pedido: 2 })).status).toBe(202);
    const stricter = await t.put(`/v1/route-event-types/${eventType.id}`, {
      ...as(),
      body: {
        schema: { ...orderSchema, required: ['type', 'pedido', 'email'] },
        examples: [{ type: alias, pedido: 1, email: 'ana@example.com' }],
      },
    });
    expect(stricter.body.data.schemaVersion).toBe(2);
    const refused = await emitRules({ pedido: 2 });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([{ path: '/email', message: 'propriedade obrigatória ausente' }]);

    await t.put(`/v1/route-event-types/${eventType.id}`, { ...as(), body: { schemaValidation: 'WARN' } });
    const warned = await emitRules({ pedido: 2 });
    expect(warned.status).toBe(202);
    expect(await occurrenceOfLog(warned.body.eventLogId)).toMatchObject({
      schemaVersion: 2,
      schemaViolations: [{ path: '/email', message: 'propriedade obrigatória ausente' }],
    });

    await t.put(`/v1/route-event-types/${eventType.id}`, {
      ...as(),
      body: { schemaValidation: 'ENFORCE', isActive: false },
    });
    const inactive = await emitRules({ pedido: 2 });
    expect(inactive.status).toBe(202);
    expect(await occurrenceOfLog(inactive.body.eventLogId)).toMatchObject({ schemaVersion: null });
  });

  it('When another process changes the schema (only its notification tells this one), then the next /v1/emit-rules calls see it', async () => {
    const { eventType, emitRules } = await routeWith('ENFORCE');
    expect((await emitRules({ pedido: 0 })).status).toBe(422);
    // The schemas are kept per process once it listens: two reads answer the same list.
    const kept = await waitFor(
      async () => {
        const first = await t.ctx.rulesSchemas.checkingTypes(app.id, eventType.alias);
        return first === (await t.ctx.rulesSchemas.checkingTypes(app.id, eventType.alias));
      },
      10_000,
      'the emit-rules schemas to be kept',
    );
    expect(kept).toBe(true);

    // Written past this process's use cases, as another process would: the trigger's NOTIFY is the only news.
    await t.ctx.db
      .update(routeEventTypes)
      .set({ schema: { ...orderSchema, properties: { pedido: { type: 'integer' } } }, schemaVersion: 2 })
      .where(eq(routeEventTypes.id, eventType.id));
    const accepted = await waitFor(
      async () => {
        const answer = await emitRules({ pedido: 0 });
        return answer.status === 202 ? answer : null;
      },
      10_000,
      'emit-rules to check the new schema',
    );
    expect(await occurrenceOfLog(accepted.body.eventLogId)).toMatchObject({
      schemaVersion: 2,
      schemaViolations: null,
    });
  });

  it("When a rule's event type has examples, then its integration payload starts from the first example and still meets the rule", async () => {
    const { route, eventType, alias } = await routeWith('WARN');
    const rule = await createRule(
      t,
      route,
      eventType,
      {
        conditions: {
          type: '',
          logic: 'AND',
          rules: [{ field: 'data.pedido', operator: 'GREATER_THAN', values: ['5'] }],
        },
      },
      owner.token,
    );
    const answer = await t.get(`/v1/integration/rules/${rule.id}/payload`, as());
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      isMatching: true,
      payload: { eventType: alias, data: { type: alias, pedido: expect.any(Number) } },
    });
    expect(answer.body.data.payload.data.pedido).toBeGreaterThan(5);
  });
});
