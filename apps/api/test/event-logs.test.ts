import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../src/db/schema';
import type { QueueMessage } from '../src/queue/types';
import { insertEvent } from './support/delivery-fixtures';
import { insertApplication, insertEventLog } from './support/event-log-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** Consumes the queue until the message of `eventLogId` arrives; answers its body. */
async function nextMessageBody(t: TestApp, eventLogId: string): Promise<unknown> {
  const received: QueueMessage[] = [];
  const consumer = await t.ctx.queue?.consume(async (message) => {
    received.push(message);
    return { type: 'ack' };
  });
  try {
    await waitFor(() => received.some((message) => message.id === eventLogId), 10_000, 'the republished log');
  } finally {
    await consumer?.stop();
  }
  return received.find((message) => message.id === eventLogId)?.body;
}
describe('event logs API', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['createUser']>>;
  let reader: Awaited<ReturnType<TestApp['createUser']>>;
  let outsider: Awaited<ReturnType<TestApp['createUser']>>;
  let appId: string;
  let otherAppId: string;

  beforeAll(async () => {
    t = await createTestApp();
    member = await t.createUser();
    reader = await t.createUser();
    outsider = await t.createUser();
    appId = await insertApplication(t.ctx, [{ userId: member.id }, { userId: reader.id, canWrite: false }]);
    otherAppId = await insertApplication(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When a member lists, then it sees its application logs, 20 a page, with stats over the whole filter', async () => {
    const statuses = ['SUCCESS', 'FAILED', 'PENDING', 'PROCESSING'];
    for (let index = 0; index < 25; index += 1) {
      await insertEventLog(t.ctx, appId, { status: statuses[index % 4], eventType: 'list.case' });
    }
    await insertEventLog(t.ctx, otherAppId, { eventType: 'list.case' });

    const first = await t.get('/v1/rabbitmq/events?eventType=list.case', { token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(first.body.stats).toEqual({ SUCCESS: 7, FAILED: 6, PENDING: 6, PROCESSING: 6 });
    expect(first.body.data[0]).toMatchObject({ queueType: 'RABBITMQ', retryCount: 0, processedAt: null });

    const second = await t.get('/v1/rabbitmq/events?eventType=list.case&page=2', { token: member.token });
    expect(second.body.data).toHaveLength(5);

    const failed = await t.get('/v1/rabbitmq/events?eventType=list.case&status=FAILED', {
      token: member.token,
    });
    expect(failed.body.pagination.total).toBe(6);
    expect(failed.body.data.every((log: { status: string }) => log.status === 'FAILED')).toBe(true);

    const admin = await t.get('/v1/rabbitmq/events?eventType=list.case');
    expect(admin.body.pagination.total).toBe(26);

    const outside = await t.get('/v1/rabbitmq/events?eventType=list.case', { token: outsider.token });
    expect(outside.body).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('When searching, then event type, organization and error message match', async () => {
    await insertEventLog(t.ctx, appId, { eventType: 'search.needle', organizationId: 'org-a' });
    await insertEventLog(t.ctx, appId, { organizationId: 'org-needle-b' });
    await insertEventLog(t.ctx, appId, { status: 'FAILED', errorMessage: 'receiver NEEDLE down' });
    const found = await t.get('/v1/rabbitmq/events?search=needle', { token: member.token });
    expect(found.body.pagination.total).toBe(3);
    const byOrg = await t.get('/v1/rabbitmq/events?organizationId=org-a', { token: member.token });
    expect(byOrg.body.data.map((log: { eventType: string }) => log.eventType)).toEqual(['search.needle']);
    const percent = await t.get('/v1/rabbitmq/events?search=%25', { token: member.token });
    expect(percent.body.pagination.total).toBe(0);
  });

  it('When searching by an external id or an id, then it matches, and the text search reads the trigram index', async () => {
    const log = await insertEventLog(t.ctx, appId, {
      eventType: 'nf.emitida',
      externalEventId: 'nota-fiscal-7781',
    });
    const found = await t.get('/v1/rabbitmq/events?search=nota-fiscal-7781', { token: member.token });
    expect(found.body.data.map((row: { externalEventId: string }) => row.externalEventId)).toEqual([
      'nota-fiscal-7781',
    ]);
    const byId = await t.get(`/v1/rabbitmq/events?search=${log.eventId}`, { token: member.token });
    expect(byId.body.data.map((row: { id: string }) => row.id)).toEqual([log.id]);
    // Without a seq scan to fall back on, an ILIKE on each searched column is served by the index.
    const plan = await t.ctx.database.inScriptTransaction(async (tx) => {
      await tx.exec('SET LOCAL enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM event_logs WHERE event_type ILIKE '%fiscal%' OR organization_id ILIKE '%fiscal%'
           OR error_message ILIKE '%fiscal%' OR external_event_id = 'fiscal'`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    // Each day's partition has its copy of the trigram index (named after the partition).
    expect(text).toMatch(/Bitmap Index Scan on event_logs_\S+_event_type_organization_id_error_messa/);
    expect(text).not.toContain('Seq Scan');
    expect(text).not.toContain('Seq Scan');
  });

  it('When the query is invalid, then 400 with a pt-BR message', async () => {
    const res = await t.get('/v1/rabbitmq/events?status=DONE', { token: member.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Status inválido', code: 'VALIDATION_ERROR' });
  });

  it("When a queued event is emitted, then its log stores no payload of its own and every view shows the occurrence's", async () => {
    const event = await insertEvent(t.ctx, appId, {
      queueType: 'RABBITMQ',
      bodyTemplate: { pedido: '{{data.id}}' },
    });
    const data = { id: 7, text: 'x'.repeat(2000) };
    const emitted = await t.post('/v1/events/emit', {
      token: member.token,
      body: { eventType: event.alias, applicationId: appId, data },
    });
    expect(emitted.status).toBe(202);
    const [stored] = await t.ctx.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventId, emitted.body.occurrenceId));
    expect(stored?.payload).toBeNull();
    const seen = await t.get(`/v1/rabbitmq/events/${stored?.id}`, { token: member.token });
    expect(seen.body.data.payload).toEqual({ pedido: 7 });
    const listed = await t.get(`/v1/rabbitmq/events?eventType=${event.alias}`, { token: member.token });
    expect(listed.body.data[0].payload).toEqual({ pedido: 7 });
    await t.ctx.db
      .update(eventLogs)
      .set({ status: 'FAILED' })
      .where(eq(eventLogs.id, stored?.id ?? ''));
    const reprocessed = await t.post(`/v1/rabbitmq/events/${stored?.id}/reprocess`, { token: member.token });
    expect(reprocessed.body.data.payload).toEqual({ pedido: 7 });
  });

  it('When a log is opened, then members and admins see it and others get 404', async () => {
    const log = await insertEventLog(t.ctx, appId, { externalEventId: 'ext-1' });
    const seen = await t.get(`/v1/rabbitmq/events/${log.id}`, { token: member.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      id: log.id,
      eventId: log.eventId,
      externalEventId: 'ext-1',
      payload: { order: 1 },
    });
    expect((await t.get(`/v1/rabbitmq/events/${log.id}`)).status).toBe(200);
    for (const url of [
      `/v1/rabbitmq/events/${log.id}`,
      '/v1/rabbitmq/events/0190a0a0-0000-7000-8000-000000000000',
    ]) {
      const hidden = await t.get(url, { token: outsider.token });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ error: 'Log de evento não encontrado', code: 'NOT_FOUND' });
    }
    expect((await t.get('/v1/rabbitmq/events/not-a-uuid', { token: member.token })).status).toBe(400);
  });

  it('When /failed is listed, then only FAILED logs come back', async () => {
    const res = await t.get('/v1/rabbitmq/events/failed?limit=100', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((log: { status: string }) => log.status === 'FAILED')).toBe(true);
  });

  it('When a FAILED log is reprocessed, then it is PENDING with one more attempt and on the queue again', async () => {
    const event = await insertEvent(t.ctx, appId, { queueType: 'RABBITMQ' });
    const log = await insertEventLog(t.ctx, appId, {
      status: 'FAILED',
      errorMessage: 'HTTP 500',
      retryCount: 1,
      eventDefinitionId: event.id,
    });
    const res = await t.post(`/v1/rabbitmq/events/${log.id}/reprocess`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Reprocessamento iniciado',
      data: { id: log.id, status: 'PENDING', retryCount: 2, errorMessage: null },
    });
    expect(await nextMessageBody(t, log.id)).toEqual({
      kind: 'event-log',
      eventLogId: log.id,
    });
  });

  it('When a FAILED log of POST /emit-rules (no event) is reprocessed, then it goes back as a run-rules message', async () => {
    const log = await insertEventLog(t.ctx, appId, { status: 'FAILED', eventDefinitionId: null });
    expect((await t.post(`/v1/rabbitmq/events/${log.id}/reprocess`, { token: member.token })).status).toBe(
      200,
    );
    expect(await nextMessageBody(t, log.id)).toEqual({
      kind: 'run-rules',
      eventLogId: log.id,
    });
  });

  it('When reprocess is not allowed, then 409 (or 403/404) in pt-BR and nothing changes', async () => {
    const exhausted = await insertEventLog(t.ctx, appId, { status: 'FAILED', retryCount: 3 });
    const res = await t.post(`/v1/rabbitmq/events/${exhausted.id}/reprocess`, { token: member.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Limite de tentativas atingido', code: 'CONFLICT' });

    const succeeded = await insertEventLog(t.ctx, appId, { status: 'SUCCESS' });
    const notFailed = await t.post(`/v1/rabbitmq/events/${succeeded.id}/reprocess`, { token: member.token });
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.error).toBe('Apenas eventos com status FAILED podem ser reprocessados');

    const failed = await insertEventLog(t.ctx, appId, { status: 'FAILED' });
    expect((await t.post(`/v1/rabbitmq/events/${failed.id}/reprocess`, { token: reader.token })).status).toBe(
      403,
    );
    expect(
      (await t.post(`/v1/rabbitmq/events/${failed.id}/reprocess`, { token: outsider.token })).status,
    ).toBe(404);
    const [row] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, failed.id));
    expect(row).toMatchObject({ status: 'FAILED', retryCount: 0 });
  });

  it('When a batch is reprocessed, then the summary counts successes and refusals', async () => {
    const ok1 = await insertEventLog(t.ctx, appId, { status: 'FAILED' });
    const ok2 = await insertEventLog(t.ctx, appId, { status: 'FAILED', retryCount: 2 });
    const exhausted = await insertEventLog(t.ctx, appId, { status: 'FAILED', retryCount: 3 });
    const foreign = await insertEventLog(t.ctx, otherAppId, { status: 'FAILED' });
    const res = await t.post('/v1/rabbitmq/events/reprocess-batch', {
      token: member.token,
      body: { eventIds: [ok1.id, ok2.id, exhausted.id, foreign.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stats: { succeeded: 2, failed: 2 } });
    const [row] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, ok2.id));
    expect(row).toMatchObject({ status: 'PENDING', retryCount: 3 });
  });

  it('When the batch is empty or too large, then 400 with the pt-BR message', async () => {
    const empty = await t.post('/v1/rabbitmq/events/reprocess-batch', {
      token: member.token,
      body: { eventIds: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Nenhum evento selecionado');
    const ids = Array.from({ length: 101 }, () => '0190a0a0-0000-7000-8000-000000000000');
    const large = await t.post('/v1/rabbitmq/events/reprocess-batch', {
      token: member.token,
      body: { eventIds: ids },
    });
    expect(large.status).toBe(400);
    expect(large.body.error).toBe('Selecione no máximo 100 eventos');
  });

  it('When signed out, then 401', async () => {
    expect((await t.get('/v1/rabbitmq/events', { token: null })).status).toBe(401);
  });
});
