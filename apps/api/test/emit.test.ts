import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs, occurrences } from '../src/db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../src/modules/emit/idempotency';
import {
  addMember,
  insertApplication,
  insertEmitTarget,
  insertEvent,
  insertSubscription,
  readLogsOf,
} from './support/delivery-fixtures';
import { useTestApp } from './support/use-test-app';

const harness = useTestApp({}, (t) => insertEmitTarget(t.ctx));

const emitWithKey = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  harness.t.post('/v1/events/emit', { token: null, headers: { 'x-api-key': key, ...headers }, body });

describe('POST /v1/events/emit', () => {
  it('When an event fans out, then each log stores only the bodies its occurrence does not hold, and shows all', async () => {
    const app = await insertApplication(harness.t.ctx);
    const event = await insertEvent(harness.t.ctx, app.id);
    const plain = await insertSubscription(harness.t.ctx, event.id);
    const shaped = await insertSubscription(harness.t.ctx, event.id, { jsonBody: { pedido: '{{data.id}}' } });
    const data = { id: 42, text: 'x'.repeat(2000) };
    const response = await emitWithKey(app.apiKey, { eventType: event.alias, applicationId: app.id, data });
    expect(response.status).toBe(202);
    const logs = await readLogsOf(harness.t.ctx, response.body.occurrenceId);
    const stored = (subscriptionId: string) => logs.find((log) => log.subscriptionId === subscriptionId);
    // The emitted data is written once, with the occurrence; only a rendered jsonBody is the log's own.
    expect(stored(plain.id)).toMatchObject({ eventDataReceived: null, payloadSent: null });
    expect(stored(shaped.id)).toMatchObject({ eventDataReceived: null, payloadSent: { pedido: 42 } });
    const shown = async (subscriptionId: string) =>
      (await harness.t.get(`/v1/logs/${stored(subscriptionId)?.id}`)).body.data;
    expect(await shown(plain.id)).toMatchObject({ eventDataReceived: data, payloadSent: data });
    expect(await shown(shaped.id)).toMatchObject({ eventDataReceived: data, payloadSent: { pedido: 42 } });
    // With no bodyTemplate the event's payload is the data itself, stored once.
    const [occurrence] = await harness.t.ctx.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.id, response.body.occurrenceId));
    expect(occurrence).toMatchObject({ data, payload: null });
  });

  it('When an immediate event has one subscription with a jsonBody, then its body is stored once, with the occurrence, and the log shows it', async () => {
    const app = await insertApplication(harness.t.ctx);
    const event = await insertEvent(harness.t.ctx, app.id);
    const shaped = await insertSubscription(harness.t.ctx, event.id, { jsonBody: { d: '#data#' } });
    const data = { id: 7, text: 'x'.repeat(200) };
    const response = await emitWithKey(app.apiKey, { eventType: event.alias, applicationId: app.id, data });
    expect(response.status).toBe(202);
    const [log] = await readLogsOf(harness.t.ctx, response.body.occurrenceId);
    expect(log).toMatchObject({ subscriptionId: shaped.id, eventDataReceived: null, payloadSent: null });
    const [occurrence] = await harness.t.ctx.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.id, response.body.occurrenceId));
    expect(occurrence).toMatchObject({ data, payload: { d: data } });
    expect((await harness.t.get(`/v1/logs/${log?.id}`)).body.data).toMatchObject({
      eventDataReceived: data,
      payloadSent: { d: data },
    });
  });

  it('When emitted with the application key, then 202 answers the occurrence and a PENDING delivery exists', async () => {
    const response = await emitWithKey(
      harness.app.apiKey,
      { eventType: harness.event.alias, applicationId: harness.app.id, data: { a: 1 } },
      { 'x-trace': 'abc', cookie: 'sid=1' },
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      occurrenceId: expect.any(String),
      eventId: response.body.occurrenceId,
      deliveries: 1,
      ignored: 0,
    });
    const [log] = await readLogsOf(harness.t.ctx, response.body.occurrenceId);
    expect(log?.status).toBe('PENDING');
    expect((await harness.t.get(`/v1/logs/${log?.id}`)).body.data.eventDataReceived).toEqual({ a: 1 });
    const [occurrence] = await harness.t.ctx.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.id, response.body.occurrenceId));
    // Its filters ran at the emit: an immediate occurrence keeps no request headers.
    expect(occurrence?.headers).toEqual({});
  });

  it('When a queued event is emitted, then its occurrence keeps the request headers for its filters, credentials left out', async () => {
    const app = await insertApplication(harness.t.ctx);
    const event = await insertEvent(harness.t.ctx, app.id, {
      queueType: 'RABBITMQ',
      delayBetweenSends: 0,
      messageTtl: 60_000,
      maxRetries: 1,
      priority: 1,
    });
    await insertSubscription(harness.t.ctx, event.id);
    const response = await emitWithKey(
      app.apiKey,
      { eventType: event.alias, applicationId: app.id, data: { a: 1 } },
      { 'x-trace': 'abc', cookie: 'sid=1' },
    );
    expect(response.status).toBe(202);
    const [occurrence] = await harness.t.ctx.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.id, response.body.occurrenceId));
    expect(occurrence?.headers['x-trace']).toBe('abc');
    expect(occurrence?.headers['x-api-key']).toBeUndefined();
    expect(occurrence?.headers.cookie).toBeUndefined();
  });

  it('When the API key is wrong, then 401', async () => {
    const response = await emitWithKey('wm_nope', {
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: {},
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  it('When the key belongs to another application, then 401', async () => {
    const other = await insertApplication(harness.t.ctx);
    const response = await emitWithKey(other.apiKey, {
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: {},
    });
    expect(response.status).toBe(401);
  });

  it('When no credentials are sent, then 401', async () => {
    const response = await harness.t.post('/v1/events/emit', {
      token: null,
      body: { eventType: harness.event.alias, applicationId: harness.app.id, data: {} },
    });
    expect(response.status).toBe(401);
  });

  it('When a member with write permission emits with a session, then 202; without write, 403; a stranger, 404', async () => {
    const writer = await harness.t.createUser();
    const reader = await harness.t.createUser();
    const stranger = await harness.t.createUser();
    await addMember(harness.t.ctx, harness.app.id, writer.id, { canWrite: true });
    await addMember(harness.t.ctx, harness.app.id, reader.id, { canWrite: false });
    const body = { eventType: harness.event.alias, applicationId: harness.app.id, data: { b: 2 } };
    expect((await harness.t.post('/v1/events/emit', { token: writer.token, body })).status).toBe(202);
    expect((await harness.t.post('/v1/events/emit', { token: reader.token, body })).status).toBe(403);
    expect((await harness.t.post('/v1/events/emit', { token: stranger.token, body })).status).toBe(404);
  });

  it('When the alias is unknown in the application, then 404 Evento não encontrado', async () => {
    const response = await emitWithKey(harness.app.apiKey, {
      eventType: 'nao.existe',
      applicationId: harness.app.id,
      data: {},
    });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('Evento não encontrado');
  });

  it.each(['INACTIVE', 'FAILED'])('When the event is %s, then 409 with a pt-BR message', async (status) => {
    const blocked = await insertEvent(harness.t.ctx, harness.app.id, { status });
    const response = await emitWithKey(harness.app.apiKey, {
      eventType: blocked.alias,
      applicationId: harness.app.id,
      data: {},
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/Evento/);
  });

  it('When the body is invalid, then 400 with details', async () => {
    const response = await emitWithKey(harness.app.apiKey, { eventType: '', applicationId: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });

  it('When the same externalEventId is emitted twice, then the first answer comes back and nothing is emitted twice', async () => {
    const body = {
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: { c: 3 },
      externalEventId: 'ext-1',
    };
    const first = await emitWithKey(harness.app.apiKey, body);
    const second = await emitWithKey(harness.app.apiKey, body);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    const stored = await harness.t.ctx.db
      .select()
      .from(occurrences)
      .where(eq(occurrences.externalEventId, 'ext-1'));
    expect(stored).toHaveLength(1);
  });

  it('When the same Idempotency-Key is sent concurrently, then one occurrence and one set of deliveries exist', async () => {
    const body = { eventType: harness.event.alias, applicationId: harness.app.id, data: { d: 4 } };
    const answers = await Promise.all(
      [1, 2, 3].map(() => emitWithKey(harness.app.apiKey, body, { 'idempotency-key': 'idem-42' })),
    );
    const ids = new Set(answers.map((answer) => answer.body.occurrenceId));
    expect(ids.size).toBe(1);
    const logs = await harness.t.ctx.db
      .select()
      .from(deliveryLogs)
      .where(eq(deliveryLogs.occurrenceId, [...ids][0] as string));
    expect(logs).toHaveLength(1);
  });

  it('When an externalEventId is reused for another event type, then 409 and the first emit is not answered', async () => {
    const other = await insertEvent(harness.t.ctx, harness.app.id);
    const first = await emitWithKey(harness.app.apiKey, {
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: {},
      externalEventId: 'pedido-77',
    });
    expect(first.status).toBe(202);
    const repeat = await emitWithKey(harness.app.apiKey, {
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: {},
      externalEventId: 'pedido-77',
    });
    expect(repeat.body.occurrenceId).toBe(first.body.occurrenceId);
    const reused = await emitWithKey(harness.app.apiKey, {
      eventType: other.alias,
      applicationId: harness.app.id,
      data: {},
      externalEventId: 'pedido-77',
    });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: IDEMPOTENCY_KEY_REUSED, code: 'CONFLICT' });
  });
});
