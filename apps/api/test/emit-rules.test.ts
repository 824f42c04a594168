import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, occurrences } from '../src/db/schema';
import { startWorkers, type Workers } from '../src/workers';
import { createRoute, createRouteEventType, createRouteField } from './support/automation-fixtures';
import { addMember, insertApplication, type Receiver, startReceiver } from './support/delivery-fixtures';
import type { TestUser } from './support/owned-application-fixture';
import { createTestApp, type TestApp } from './support/test-app';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

// Runs in api-pglite/api-postgres on the database queue, and in queue-rabbitmq on RabbitMQ.
describe(`POST /v1/emit-rules end to end on the ${queueBackend} queue`, () => {
  let t: TestApp;
  let workers: Workers;
  let receiver: Receiver;
  let owner: TestUser;
  let app: { id: string; apiKey: string };
  let route: { id: string; applicationId: string };
  let eventType: { id: string; alias: string };
  const queueName = uniqueQueueName('wm-rules');

  const emitRules = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post('/v1/emit-rules', {
      token: null,
      headers: { 'x-api-key': app.apiKey, ...headers },
      body: { applicationId: app.id, eventType: eventType.alias, ...body },
    });

  const settledLog = (eventLogId: string) =>
    waitFor(
      async () => {
        const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, eventLogId));
        return log && (log.status === 'SUCCESS' || log.status === 'FAILED') ? log : null;
      },
      20_000,
      'the rules event log to settle',
    );

  /** An event of the application with one subscription to `path` on the receiver. */
  async function eventWithSubscription(path: string, overrides: Record<string, unknown> = {}) {
    const event = await t.post('/v1/events', {
      token: owner.token,
      body: {
        applicationId: app.id,
        name: `Saída ${path}`,
        alias: `saida${path.replaceAll('/', '.')}`,
        ...overrides,
      },
    });
    expect(event.status).toBe(201);
    const subscription = await t.post('/v1/subscriptions', {
      token: owner.token,
      body: {
        eventId: event.body.data.id,
        name: 'Receptor',
        targetUrl: `${receiver.url}${path}`,
        jsonBody: '"#data#"',
      },
    });
    expect(subscription.status).toBe(201);
    return { event: event.body.data, subscription: subscription.body.data };
  }

  async function ruleFor(
    name: string,
    values: string[],
    eventId: string | null,
    extra: Record<string, unknown> = {},
  ) {
    const res = await t.post('/v1/event-rules', {
      token: owner.token,
      body: {
        name,
        applicationId: app.id,
        routeId: route.id,
        routeEventTypeId: eventType.id,
        eventId,
        conditions: {
          rules: [{ field: 'data.message.text', operator: 'CONTAINS_ANY', values, caseSensitive: false }],
        },
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const requestsTo = (path: string) => receiver.requests.filter((request) => request.url === path);

  beforeAll(async () => {
    t = await createTestApp({
      QUEUE_NAME: queueName,
      DELIVERY_RETRY_DELAYS_MS: '50',
      QUEUE_POLL_MS: '20',
      ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
    });
    workers = await startWorkers(t.ctx);
    receiver = await startReceiver();
    owner = await t.createUser();
    app = await insertApplication(t.ctx, { ownerId: owner.id });
    route = await createRoute(t, app.id, { name: 'WhatsApp', endpoint: '/whatsapp' }, owner.token);
    eventType = await createRouteEventType(t, route.id, { alias: 'message.text.received' }, owner.token);
    await createRouteField(t, route.id, { path: 'data.message.text' }, owner.token);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await receiver?.close();
    await t?.close();
  });

  it('When data matches a rule linked to an IMMEDIATE event, then its receiver gets the signed data and the execution shows', async () => {
    const { event, subscription } = await eventWithSubscription('/imediato');
    const rule = await ruleFor('Pedido de ajuda', ['ajuda'], event.id);
    const data = { message: { text: 'Preciso de AJUDA agora', from: '5511999990000' } };

    const res = await emitRules({ data, organizationId: 'org-1' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      eventLogId: expect.any(String),
      eventId: expect.any(String),
      status: 'PENDING',
    });

    const log = await settledLog(res.body.eventLogId);
    expect(log).toMatchObject({ status: 'SUCCESS', errorMessage: null, eventType: 'message.text.received' });
    const request = await waitFor(() => requestsTo('/imediato')[0], 10_000, 'the delivery');
    const verified = new Webhook(subscription.secret).verify(
      request.body,
      request.headers as Record<string, string>,
    );
    expect(verified).toEqual(data);

    const listed = await t.get(`/v1/rabbitmq/events?eventType=message.text.received`, { token: owner.token });
    expect(listed.body.data.map((item: { id: string }) => item.id)).toContain(res.body.eventLogId);
    const read = await t.get(`/v1/rabbitmq/events/${res.body.eventLogId}`, { token: owner.token });
    expect(read.body.data).toMatchObject({
      status: 'SUCCESS',
      eventType: 'message.text.received',
      organizationId: 'org-1',
      eventId: res.body.eventId,
      payload: data,
    });

    const executions = await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token });
    expect(executions.body.pagination.total).toBe(1);
    const [execution] = executions.body.data;
    expect(execution).toMatchObject({ success: true, eventLogId: res.body.eventLogId, errorMessage: null });
    expect(execution.executionTimeMs).toBeGreaterThanOrEqual(0);
    expect(execution.executedActions).toEqual([
      {
        type: 'EMIT_EVENT',
        eventId: event.id,
        eventName: event.name,
        eventAlias: event.alias,
        occurrenceId: expect.any(String),
        success: true,
      },
    ]);
    const [emitted] = await t.ctx.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.id, execution.executedActions[0].occurrenceId));
    expect(emitted).toMatchObject({
      eventId: event.id,
      eventType: event.alias,
      data,
      organizationId: 'org-1',
    });
    expect(
      (await t.get(`/v1/event-rules/${rule.id}`, { token: owner.token })).body.data._count.executions,
    ).toBe(1);
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When the linked event is RABBITMQ, then the action goes through the queue and still reaches the receiver', async () => {
    const { event } = await eventWithSubscription('/fila', {
      queueType: 'RABBITMQ',
      delayBetweenSends: 100,
      messageTtl: 3_600_000,
      maxRetries: 3,
      priority: 5,
    });
    const rule = await ruleFor('Para a fila', ['fila'], event.id);
    const res = await emitRules({ data: { message: { text: 'vai para a fila' } } });
    expect((await settledLog(res.body.eventLogId)).status).toBe('SUCCESS');
    const request = await waitFor(() => requestsTo('/fila')[0], 15_000, 'the queued delivery');
    expect(JSON.parse(request.body)).toEqual({ message: { text: 'vai para a fila' } });
    const [execution] = (await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token })).body
      .data;
    const [queued] = await t.ctx.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventId, execution.executedActions[0].occurrenceId));
    expect(queued).toMatchObject({ eventDefinitionId: event.id, queueType: 'RABBITMQ' });
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When nothing matches, the rule is inactive or its route or type is inactive, then the log ends SUCCESS with no execution', async () => {
    const { event } = await eventWithSubscription('/nunca');
    const rule = await ruleFor('Nunca', ['palavra-chave'], event.id);
    const check = async (text: string) => {
      const res = await emitRules({ data: { message: { text } } });
      expect((await settledLog(res.body.eventLogId)).status).toBe('SUCCESS');
    };
    await check('sem a palavra');
    await t.patch(`/v1/event-rules/${rule.id}/toggle`, { token: owner.token });
    await check('com palavra-chave, regra inativa');
    await t.patch(`/v1/event-rules/${rule.id}/toggle`, { token: owner.token });
    await t.put(`/v1/routes/${route.id}`, { token: owner.token, body: { isActive: false } });
    await check('com palavra-chave, rota inativa');
    await t.put(`/v1/routes/${route.id}`, { token: owner.token, body: { isActive: true } });
    await t.put(`/v1/route-event-types/${eventType.id}`, { token: owner.token, body: { isActive: false } });
    await check('com palavra-chave, tipo inativo');
    await t.put(`/v1/route-event-types/${eventType.id}`, { token: owner.token, body: { isActive: true } });
    const other = await emitRules({ eventType: 'outro.tipo', data: { message: { text: 'palavra-chave' } } });
    expect((await settledLog(other.body.eventLogId)).status).toBe('SUCCESS');

    expect((await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token })).body.data).toEqual(
      [],
    );
    expect(requestsTo('/nunca')).toEqual([]);
    await check('agora com palavra-chave');
    await waitFor(() => requestsTo('/nunca')[0], 10_000, 'the delivery once everything is active');
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it("When conditions are evaluated on received values, then the stored reasons show the rule's side and each value's type and length, never the value", async () => {
    const secret = 'CUSTOMER-CPF-123.456.789-00 card 4111111111111111';
    const condition = (field: string, operator: string, values: string[]) => ({
      field,
      operator,
      values,
      caseSensitive: false,
    });
    const rule = await ruleFor('Sigilo', [], null, {
      conditions: {
        logic: 'AND',
        rules: [
          condition('data.id', 'EQUALS', ['evt_secret_value']),
          condition('data.total', 'GREATER_THAN', ['100']),
          condition('data.tags', 'CONTAINS_ANY', ['vip']),
          condition('data.isBlocked', 'EQUALS', ['true']),
        ],
      },
    });
    const data = { id: secret, total: 987_654, tags: ['cpf-123', 'vip-gold'], isBlocked: false };
    const res = await emitRules({ data });
    expect((await settledLog(res.body.eventLogId)).status).toBe('SUCCESS');

    const detail = await t.get(`/v1/rabbitmq/events/${res.body.eventLogId}`, { token: owner.token });
    const [evaluation] = detail.body.data.ruleEvaluations;
    expect(evaluation).toMatchObject({ ruleId: rule.id, isMatch: false });
    const reasons = evaluation.conditions.map((item: { reason: string }) => item.reason);
    expect(reasons).toEqual([
      `data.id (texto, ${secret.length} caracteres) não é igual a "evt_secret_value"`,
      'data.total (número) é maior que 100',
      'data.tags[1] (texto, 8 caracteres) contém "vip"',
      'data.isBlocked (booleano) não é igual a "true"',
    ]);
    const stored = JSON.stringify(detail.body.data.ruleEvaluations);
    for (const value of ['CUSTOMER', '4111', '987654', 'cpf-123', 'vip-gold']) {
      expect(stored, value).not.toContain(value);
    }
    expect(reasons.join(' ')).not.toContain('false');
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When an emit matches no rule, then its event log says for each candidate rule which condition failed and why, to members only', async () => {
    const { event } = await eventWithSubscription('/avaliada');
    const rule = await ruleFor('Pedido de ajuda', ['ajuda', 'socorro'], event.id);
    const huge = `bom dia ${'x'.repeat(50_000)}`;
    const res = await emitRules({ data: { message: { text: huge } } });
    expect((await settledLog(res.body.eventLogId)).status).toBe('SUCCESS');

    const detail = await t.get(`/v1/rabbitmq/events/${res.body.eventLogId}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.ruleEvaluations).toEqual([
      {
        ruleId: rule.id,
        ruleName: 'Pedido de ajuda',
        isMatch: false,
        conditions: [
          {
            field: 'data.message.text',
            operator: 'CONTAINS_ANY',
            isMatch: false,
            reason: expect.stringContaining('não contém "ajuda" ou "socorro"'),
          },
        ],
      },
    ]);
    // The reason quotes the start of the value, never the 50 KB posted.
    expect(JSON.stringify(detail.body.data.ruleEvaluations).length).toBeLessThan(1_000);

    const matched = await emitRules({ data: { message: { text: 'preciso de ajuda' } } });
    await settledLog(matched.body.eventLogId);
    const matchedDetail = await t.get(`/v1/rabbitmq/events/${matched.body.eventLogId}`, {
      token: owner.token,
    });
    expect(matchedDetail.body.data.ruleEvaluations).toMatchObject([{ ruleId: rule.id, isMatch: true }]);

    const stranger = await t.createUser();
    const asStranger = await t.get(`/v1/rabbitmq/events/${res.body.eventLogId}`, { token: stranger.token });
    expect(asStranger.status).toBe(404);
    expect(JSON.stringify(asStranger.body)).not.toContain('Pedido de ajuda');
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When a matching rule has no linked event, then the log fails naming it, and a reprocess after linking runs only that action', async () => {
    const { event: kept } = await eventWithSubscription('/mantida');
    const { event: late } = await eventWithSubscription('/tardia');
    const linked = await ruleFor('Já vinculada', ['reprocessar'], kept.id);
    const unlinked = await ruleFor('Sem vínculo', ['reprocessar'], null);

    const res = await emitRules({ data: { message: { text: 'reprocessar isto' } } });
    const failed = await settledLog(res.body.eventLogId);
    expect(failed.status).toBe('FAILED');
    expect(failed.errorMessage).toBe('Falha na regra "Sem vínculo": Regra sem evento vinculado');
    const [failedExecution] = (
      await t.get(`/v1/event-rules/${unlinked.id}/executions`, { token: owner.token })
    ).body.data;
    expect(failedExecution).toMatchObject({
      success: false,
      errorMessage: 'Regra sem evento vinculado',
      executedActions: [],
    });
    await waitFor(() => requestsTo('/mantida')[0], 10_000, 'the linked rule delivery');

    await t.post(`/v1/event-rules/${unlinked.id}/link-event`, {
      token: owner.token,
      body: { eventId: late.id },
    });
    const reprocess = await t.post(`/v1/rabbitmq/events/${res.body.eventLogId}/reprocess`, {
      token: owner.token,
    });
    expect(reprocess.status).toBe(200);
    await waitFor(
      async () => (await settledLog(res.body.eventLogId)).status === 'SUCCESS',
      20_000,
      'the reprocess',
    );
    await waitFor(() => requestsTo('/tardia')[0], 10_000, 'the late delivery');
    const after = (await t.get(`/v1/event-rules/${unlinked.id}/executions`, { token: owner.token })).body;
    expect(after.pagination.total).toBe(1);
    expect(after.data[0]).toMatchObject({ success: true, errorMessage: null });
    // The action that had succeeded did not run again.
    expect(requestsTo('/mantida')).toHaveLength(1);
    expect(
      (await t.get(`/v1/event-rules/${linked.id}/executions`, { token: owner.token })).body.pagination.total,
    ).toBe(1);
    await t.del(`/v1/event-rules/${linked.id}`, { token: owner.token });
    await t.del(`/v1/event-rules/${unlinked.id}`, { token: owner.token });
  });

  it('When the linked event refuses the emit, then the execution fails with its reason', async () => {
    const { event } = await eventWithSubscription('/inativa');
    const rule = await ruleFor('Evento inativo', ['inativo'], event.id);
    await t.put(`/v1/events/${event.id}`, { token: owner.token, body: { status: 'INACTIVE' } });
    const res = await emitRules({ data: { message: { text: 'inativo' } } });
    const log = await settledLog(res.body.eventLogId);
    expect(log.status).toBe('FAILED');
    expect(log.errorMessage).toBe(
      'Falha na regra "Evento inativo": Evento inativo: emissões não são aceitas',
    );
    const [execution] = (await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token })).body
      .data;
    expect(execution.executedActions).toEqual([
      expect.objectContaining({ eventId: event.id, success: false, occurrenceId: null }),
    ]);
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When the linked event ENFORCEs a schema the payload breaks, then the execution fails with the schema refusal', async () => {
    const { event } = await eventWithSubscription('/schema', {
      schema: { type: 'object', required: ['pedidoId'] },
      schemaValidation: 'ENFORCE',
    });
    const rule = await ruleFor('Schema exigido', ['schema'], event.id);
    const res = await emitRules({ data: { message: { text: 'schema' } } });
    const log = await settledLog(res.body.eventLogId);
    expect(log.status).toBe('FAILED');
    expect(log.errorMessage).toBe(
      'Falha na regra "Schema exigido": Payload não corresponde ao schema do evento',
    );
    expect(requestsTo('/schema')).toEqual([]);
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When the same externalEventId or Idempotency-Key is posted twice, then one event log and one action', async () => {
    const { event } = await eventWithSubscription('/idempotente');
    const rule = await ruleFor('Idempotente', ['uma vez'], event.id);
    const body = { data: { message: { text: 'uma vez' } }, externalEventId: 'ext-rules-1' };
    const first = await emitRules(body);
    const second = await emitRules(body);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    const byHeader = await emitRules(
      { data: { message: { text: 'uma vez' } } },
      { 'idempotency-key': 'hdr-1' },
    );
    const again = await emitRules({ data: { message: { text: 'uma vez' } } }, { 'idempotency-key': 'hdr-1' });
    expect(again.body).toEqual(byHeader.body);
    await settledLog(first.body.eventLogId);
    await settledLog(byHeader.body.eventLogId);
    await waitFor(() => requestsTo('/idempotente').length >= 2, 10_000, 'two deliveries');
    expect(
      (await t.get(`/v1/event-rules/${rule.id}/executions`, { token: owner.token })).body.pagination.total,
    ).toBe(2);
    expect(requestsTo('/idempotente')).toHaveLength(2);
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When a rule changes, then the next emit runs the new rule in this process at once', async () => {
    const { event } = await eventWithSubscription('/mudanca');
    const rule = await ruleFor('Muda', ['antes'], event.id);
    const first = await emitRules({ data: { message: { text: 'antes' } } });
    await settledLog(first.body.eventLogId);
    await waitFor(() => requestsTo('/mudanca').length === 1, 10_000, 'the first delivery');
    await t.put(`/v1/event-rules/${rule.id}`, {
      token: owner.token,
      body: {
        conditions: { rules: [{ field: 'data.message.text', operator: 'EQUALS', values: ['depois'] }] },
      },
    });
    const old = await emitRules({ data: { message: { text: 'antes' } } });
    const fresh = await emitRules({ data: { message: { text: 'depois' } } });
    await settledLog(old.body.eventLogId);
    await settledLog(fresh.body.eventLogId);
    await waitFor(() => requestsTo('/mudanca').length === 2, 10_000, 'the second delivery');
    expect(JSON.parse(requestsTo('/mudanca')[1]?.body ?? '{}')).toEqual({ message: { text: 'depois' } });
    await t.del(`/v1/event-rules/${rule.id}`, { token: owner.token });
  });

  it('When the caller is not the application, then 401/403/404 in pt-BR and nothing is recorded', async () => {
    const other = await insertApplication(t.ctx);
    const body = { data: { message: { text: 'x' } } };
    const before = (await t.ctx.db.select().from(eventLogs)).length;

    const foreignKey = await emitRules(body, { 'x-api-key': other.apiKey });
    expect(foreignKey.status).toBe(403);
    expect(foreignKey.body).toEqual({
      error: 'Esta chave de API pertence a outra aplicação',
      code: 'FORBIDDEN',
    });
    const badKey = await emitRules(body, { 'x-api-key': `${app.apiKey.slice(0, -4)}zzzz` });
    expect(badKey.status).toBe(401);
    const none = await t.post('/v1/emit-rules', {
      token: null,
      body: { applicationId: app.id, eventType: 'a', ...body },
    });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Envie a chave de API em x-api-key ou um token de sessão');
    const invalid = await emitRules({ data: null });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('data é obrigatório');

    const reader = await t.createUser();
    await addMember(t.ctx, app.id, reader.id, { canRead: true });
    const asReader = await t.post('/v1/emit-rules', {
      token: reader.token,
      body: { applicationId: app.id, eventType: eventType.alias, ...body },
    });
    expect(asReader.status).toBe(403);
    const stranger = await t.createUser();
    const asStranger = await t.post('/v1/emit-rules', {
      token: stranger.token,
      body: { applicationId: app.id, eventType: eventType.alias, ...body },
    });
    expect(asStranger.status).toBe(404);
    expect((await t.ctx.db.select().from(eventLogs)).length).toBe(before);

    const writer = await t.createUser();
    await addMember(t.ctx, app.id, writer.id, { canWrite: true });
    const asWriter = await t.post('/v1/emit-rules', {
      token: writer.token,
      body: { applicationId: app.id, eventType: eventType.alias, ...body },
    });
    expect(asWriter.status).toBe(202);
    expect((await settledLog(asWriter.body.eventLogId)).status).toBe('SUCCESS');
  });
});
