import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttempts, deliveryLogs, eventLogs, occurrences } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { republishStaleEventLogs } from '../src/pipeline/republish-stale';
import { startWorkers, type Workers } from '../src/workers';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  type Receiver,
  readLogsOf,
  setEventStatus,
  startReceiver,
} from './support/delivery-fixtures';
import { createFakeClock } from './support/fake-clock';
import { type HandlerOutcomes, observeHandlerOutcomes } from './support/handler-outcomes';
import { createTestApp, type TestApp } from './support/test-app';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

// Runs in api-pglite/api-postgres on the database queue, and in queue-rabbitmq on RabbitMQ.
describe(`queued (RABBITMQ) events end to end on the ${queueBackend} queue`, () => {
  let t: TestApp;
  let workers: Workers;
  let receiver: Receiver;
  let failing = true;
  let flaky: Receiver;
  let app: { id: string; apiKey: string };
  const queueName = uniqueQueueName('wm-events');

  const emit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey, ...headers },
      body: { applicationId: app.id, data: { n: 1 }, ...body },
    });

  const logOf = async (occurrenceId: string) => {
    const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.eventId, occurrenceId));
    return log;
  };

  const settledLog = (occurrenceId: string) =>
    waitFor(
      async () => {
        const log = await logOf(occurrenceId);
        return log && (log.status === 'SUCCESS' || log.status === 'FAILED') ? log : null;
      },
      20_000,
      'the event log to settle',
    );

  beforeAll(async () => {
    t = await createTestApp({
      QUEUE_NAME: queueName,
      DELIVERY_RETRY_DELAYS_MS: '50',
      QUEUE_POLL_MS: '20',
      QUEUE_PAUSED_RECHECK_MS: '100',
      ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
    });
    workers = await startWorkers(t.ctx);
    receiver = await startReceiver();
    flaky = await startReceiver(() => (failing ? { status: 500, body: 'down' } : { status: 200 }));
    app = await insertApplication(t.ctx);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await receiver?.close();
    await flaky?.close();
    await t?.close();
  });

  it('When a RABBITMQ event is emitted, then its log goes PENDING → SUCCESS and the subscriptions are served', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 100 });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/hook` });
    const filtered = await insertSubscription(t.ctx, event.id, {
      targetUrl: `${receiver.url}/filtered`,
      filters: [{ origin: 'BODY', field: 'n', operator: '=', value: '2' }],
    });
    const res = await emit({ eventType: event.alias, data: { n: 1 }, externalEventId: 'ext-ok-1' });
    expect(res.status).toBe(202);
    const created = await logOf(res.body.occurrenceId);
    expect(created).toMatchObject({
      eventType: event.alias,
      organizationId: app.id,
      externalEventId: 'ext-ok-1',
      queueType: 'RABBITMQ',
      applicationId: app.id,
      eventDefinitionId: event.id,
    });

    const log = await settledLog(res.body.occurrenceId);
    expect(log).toMatchObject({ status: 'SUCCESS', retryCount: 0, errorMessage: null });
    expect(log.processedAt).toBeInstanceOf(Date);
    expect(receiver.requests.filter((request) => request.url === '/hook')).toHaveLength(1);
    expect(receiver.requests.filter((request) => request.url === '/filtered')).toHaveLength(0);
    const deliveries = await readLogsOf(t.ctx, res.body.occurrenceId);
    expect(deliveries.map((delivery) => delivery.status).sort()).toEqual(['IGNORED', 'SUCCESS']);

    const api = await t.get(`/v1/rabbitmq/events/${log.id}`);
    expect(api.body.data).toMatchObject({ status: 'SUCCESS', eventId: res.body.occurrenceId });
    // The queued path counts what it ignored in the traffic figures, as the immediate one does.
    const now = Date.now();
    const stats = await t.get(
      `/v1/stats/deliveries?from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now + 60_000).toISOString()}&bucketMinutes=120&subscriptionId=${filtered.id}`,
    );
    expect(stats.body.data).toMatchObject([{ IGNORED: 1, SUCCESS: 0 }]);
  });

  it('When a queued event is being sent, then its log stays PENDING, untouched, until it settles', async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 1_500 }));
    try {
      const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ' });
      await insertSubscription(t.ctx, event.id, { targetUrl: `${slow.url}/hook` });
      const res = await emit({ eventType: event.alias });
      expect(res.status).toBe(202);
      const emitted = await logOf(res.body.occurrenceId);
      await waitFor(async () => slow.requests.length > 0 || null, 20_000, 'the send to start');
      // The consumer holds the message while it sends: the log is written once, when it settles.
      const during = await logOf(res.body.occurrenceId);
      expect(during?.status).toBe('PENDING');
      expect(during?.updatedAt).toEqual(emitted?.updatedAt);
      const log = await settledLog(res.body.occurrenceId);
      expect(log.status).toBe('SUCCESS');
      expect(slow.requests).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('When a queued event is delivered and retried, then every attempt sends the emitted data with its keys in the emitted order', async () => {
    let answers = 0;
    const ordered = await startReceiver(() => {
      answers += 1;
      return { status: answers === 1 ? 500 : 200 };
    });
    try {
      const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 0 });
      await insertSubscription(t.ctx, event.id, { targetUrl: `${ordered.url}/ordered` });
      // jsonb would order these keys id, name, zeta, nested {a, b}.
      const data = { zeta: 1, name: 'Ana', id: 7, nested: { b: [1.5, 'x'], a: null } };
      const answer = await emit({ eventType: event.alias, data });
      expect((await settledLog(answer.body.occurrenceId))?.status).toBe('SUCCESS');
      expect(ordered.requests.map((request) => request.body)).toEqual([
        JSON.stringify(data),
        JSON.stringify(data),
      ]);
      // The console's event-log detail shows the payload as the client wrote it.
      const log = await logOf(answer.body.occurrenceId);
      const detail = await t.get(`/v1/rabbitmq/events/${log?.id}`);
      expect(JSON.stringify(detail.body.data.payload)).toBe(JSON.stringify(data));
    } finally {
      await ordered.close();
    }
  });

  it('When a process died between recording an event log and publishing it, then the sweep publishes it and it is delivered', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 100 });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/orphan` });
    const occurrenceId = newId();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.ctx.db.insert(occurrences).values({
      id: occurrenceId,
      eventId: event.id,
      applicationId: app.id,
      eventType: event.alias,
      data: { n: 1 },
      payload: { n: 1 },
      createdAt: longAgo,
    });
    await t.ctx.db.insert(eventLogs).values({
      id: newId(),
      eventId: occurrenceId,
      eventType: event.alias,
      organizationId: app.id,
      queueType: 'RABBITMQ',
      status: 'PENDING',
      payload: { n: 1 },
      applicationId: app.id,
      eventDefinitionId: event.id,
      createdAt: longAgo,
      updatedAt: longAgo,
    });

    expect(await republishStaleEventLogs(t.ctx)).toBe(1);
    const log = await settledLog(occurrenceId);
    expect(log.status).toBe('SUCCESS');
    expect(receiver.requests.filter((request) => request.url === '/orphan')).toHaveLength(1);
    // Claimed by the sweep: a second sweep right away finds nothing to republish.
    expect(await republishStaleEventLogs(t.ctx)).toBe(0);
  });

  it('When the queue answers, then /readyz reports it ready', async () => {
    const ready = await t.get('/readyz', { token: null });
    expect(ready.status).toBe(200);
    // The database queue is checked as the database itself.
    expect(ready.body.checks).toEqual(
      queueBackend === 'rabbitmq' ? { database: 'ok', queue: 'ok' } : { database: 'ok' },
    );
  });

  it('When the emit body names an organization, then the log carries it', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 100 });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/org` });
    const res = await emit({ eventType: event.alias, organizationId: 'org-42' });
    expect((await settledLog(res.body.occurrenceId)).organizationId).toBe('org-42');
  });

  it('When the same externalEventId is emitted twice, then one log and one delivery exist', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 100 });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/once` });
    const first = await emit({ eventType: event.alias, externalEventId: 'ext-twice' });
    const second = await emit({ eventType: event.alias, externalEventId: 'ext-twice' });
    expect(second.body.occurrenceId).toBe(first.body.occurrenceId);
    await settledLog(first.body.occurrenceId);
    const logs = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.externalEventId, 'ext-twice'));
    expect(logs).toHaveLength(1);
    expect(receiver.requests.filter((request) => request.url === '/once')).toHaveLength(1);
  });

  it('When the receiver keeps failing, then retries follow maxRetries and the log ends FAILED; reprocess after the fix succeeds', async () => {
    failing = true;
    const event = await insertEvent(t.ctx, app.id, {
      queueType: 'RABBITMQ',
      delayBetweenSends: 100,
      maxRetries: 1,
    });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${flaky.url}/flaky` });
    const res = await emit({ eventType: event.alias });
    const failed = await settledLog(res.body.occurrenceId);
    // Automatic retries do not use up the reprocesses (retryCount counts those, n/3).
    expect(failed).toMatchObject({ status: 'FAILED', retryCount: 0, autoRetryCount: 1 });
    expect(failed.errorMessage).toMatch(/500/);
    expect(flaky.requests).toHaveLength(2);

    failing = false;
    const reprocess = await t.post(`/v1/rabbitmq/events/${failed.id}/reprocess`);
    expect(reprocess.status).toBe(200);
    const fixed = await waitFor(
      async () =>
        (await logOf(res.body.occurrenceId))?.status === 'SUCCESS' ? logOf(res.body.occurrenceId) : null,
      20_000,
      'the reprocessed log',
    );
    expect(fixed).toMatchObject({ status: 'SUCCESS', retryCount: 1, errorMessage: null });
    expect(flaky.requests).toHaveLength(3);
  });

  it('When retries with the default maxRetries are exhausted, then the log can still be reprocessed', async () => {
    const alwaysDown = await startReceiver(() => ({ status: 500, body: 'down' }));
    try {
      const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 100 });
      await insertSubscription(t.ctx, event.id, { targetUrl: `${alwaysDown.url}/down` });
      const res = await emit({ eventType: event.alias });
      const failed = await settledLog(res.body.occurrenceId);
      expect(failed).toMatchObject({ status: 'FAILED', retryCount: 0, autoRetryCount: 3 });
      expect(alwaysDown.requests).toHaveLength(4);
      const view = await t.get(`/v1/rabbitmq/events/${failed.id}`);
      // The four sends are counted apart from the reprocesses (none yet).
      expect(view.body.data).toMatchObject({ status: 'FAILED', retryCount: 0, deliveryAttempts: 4 });
      const listed = await t.get(`/v1/rabbitmq/events?search=${failed.id}`);
      expect(listed.body.data).toMatchObject([{ id: failed.id, retryCount: 0, deliveryAttempts: 4 }]);
      const reprocess = await t.post(`/v1/rabbitmq/events/${failed.id}/reprocess`);
      expect(reprocess.status).toBe(200);
      expect(reprocess.body.data).toMatchObject({ status: 'PENDING', retryCount: 1 });
      // A reprocess starts a new round: maxRetries automatic retries again.
      await waitFor(async () => (alwaysDown.requests.length >= 8 ? true : null), 20_000, 'the second round');
      expect(await settledLog(res.body.occurrenceId)).toMatchObject({ status: 'FAILED', retryCount: 1 });
    } finally {
      await alwaysDown.close();
    }
  });
});

// The timing of the queued path, on a clock that moves only when the test moves it: what is held,
// paced, expired or retried later is read off the clock and the consumer's own decisions.
describe(`queued (RABBITMQ) events on the app clock, ${queueBackend} queue`, () => {
  const clock = createFakeClock();
  const RETRY_DELAY_MS = 1_000;
  const PACING_MS = 300;
  let t: TestApp;
  let workers: Workers;
  let receiver: Receiver;
  let app: { id: string; apiKey: string };
  let outcomes: HandlerOutcomes;
  const queueName = uniqueQueueName('wm-events-clock');

  const emit = (eventType: string, data: unknown = { n: 1 }) =>
    t
      .post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType, data },
      })
      .then((response) => response.body.occurrenceId as string);

  const logOf = async (occurrenceId: string) => {
    const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.eventId, occurrenceId));
    if (!log) throw new Error(`no event log for ${occurrenceId}`);
    return log;
  };

  const logWith = (occurrenceId: string, status: string) =>
    waitFor(
      async () => {
        const log = await logOf(occurrenceId);
        return log.status === status ? log : null;
      },
      20_000,
      `the event log to be ${status}`,
    );

  const requestsTo = (path: string) => receiver.requests.filter((request) => request.url === path);

  beforeAll(async () => {
    t = await createTestApp(
      {
        QUEUE_NAME: queueName,
        DELIVERY_RETRY_DELAYS_MS: String(RETRY_DELAY_MS),
        QUEUE_POLL_MS: '20',
        QUEUE_PAUSED_RECHECK_MS: '100',
        QUEUE_PACING_MAX_WAIT_MS: '1000',
        // The retry test fails one endpoint 16 times in a row on purpose: no circuit may defer it.
        DELIVERY_CIRCUIT_FAILURES: '1000',
        ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
      },
      { clock },
    );
    outcomes = observeHandlerOutcomes(t.ctx);
    workers = await startWorkers(t.ctx);
    receiver = await startReceiver((request) =>
      request.url === '/down' ? { status: 500, body: 'down' } : { status: 200 },
    );
    app = await insertApplication(t.ctx);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await receiver?.close();
    await t?.close();
  });

  it('When the event is PAUSED, then the consumer puts its message back, unsent and PENDING, until it is ACTIVE again', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', status: 'PAUSED' });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/paused` });
    const occurrenceId = await emit(event.alias);
    const { id } = await logOf(occurrenceId);
    // The consumer has looked at it: held back, uncounted.
    const held = await waitFor(
      () => outcomes.of(id).find((outcome) => outcome.type === 'defer'),
      20_000,
      'a hold',
    );
    expect(held).toEqual({ type: 'defer', delayMs: 100 });
    expect(await logOf(occurrenceId)).toMatchObject({ status: 'PENDING', autoRetryCount: 0 });
    expect(requestsTo('/paused')).toHaveLength(0);

    await setEventStatus(t.ctx, event.id, 'ACTIVE');
    await waitFor(
      async () => (await logOf(occurrenceId)).status === 'SUCCESS',
      20_000,
      'the log to succeed',
      {
        clock,
        stepMs: 100,
      },
    );
    expect(await logOf(occurrenceId)).toMatchObject({ status: 'SUCCESS', retryCount: 0 });
    expect(requestsTo('/paused')).toHaveLength(1);
  });

  it('When several emits of one event are queued, then each send starts delayBetweenSends of the clock after the one before', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: PACING_MS });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/paced` });
    const occurrenceIds = [];
    for (let index = 0; index < 4; index += 1) occurrenceIds.push(await emit(event.alias, { index }));
    // One send per pacing step: the clock moves only once the previous send has gone.
    for (let sent = 1; sent <= 4; sent += 1) {
      await waitFor(() => requestsTo('/paced').length >= sent || null, 20_000, `send ${sent}`);
      clock.advance(PACING_MS);
    }
    for (const id of occurrenceIds) await logWith(id, 'SUCCESS');
    const attempts = await t.ctx.db
      .select({ startedAt: deliveryAttempts.startedAt })
      .from(deliveryAttempts)
      .innerJoin(deliveryLogs, eq(deliveryLogs.id, deliveryAttempts.deliveryLogId))
      .where(inArray(deliveryLogs.occurrenceId, occurrenceIds));
    const times = attempts.map((attempt) => attempt.startedAt.getTime()).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PACING_MS);
  });

  it('When a message outlives its TTL before processing, then its log ends FAILED with the expiry error', async () => {
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', messageTtl: 100 });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/expired` });
    await workers.stop();
    const occurrenceId = await emit(event.alias);
    clock.advance(400);
    workers = await startWorkers(t.ctx);
    const log = await logWith(occurrenceId, 'FAILED');
    expect(log).toMatchObject({ errorMessage: 'Mensagem expirada antes do processamento (TTL)' });
    expect(log.processedAt).toBeInstanceOf(Date);
    expect(requestsTo('/expired')).toHaveLength(0);
  });

  it('When queued deliveries fail, then each message comes back after the retry delay ±20 %, spread, and is retried once the clock gets there', async () => {
    // Unpaced, so that every message is tried at once on a clock that stands still.
    const event = await insertEvent(t.ctx, app.id, {
      queueType: 'RABBITMQ',
      maxRetries: 1,
      delayBetweenSends: 0,
    });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/down` });
    const occurrenceIds = await Promise.all(Array.from({ length: 8 }, (_, n) => emit(event.alias, { n })));
    const ids = await Promise.all(occurrenceIds.map(async (occurrenceId) => (await logOf(occurrenceId)).id));
    const retries = await Promise.all(
      ids.map((id) =>
        waitFor(() => outcomes.of(id).find((outcome) => outcome.type === 'retry'), 20_000, 'a retry'),
      ),
    );
    const delays = retries.map((retry) => (retry.type === 'retry' ? retry.delayMs : 0));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(RETRY_DELAY_MS * 0.8);
    expect(Math.max(...delays)).toBeLessThanOrEqual(RETRY_DELAY_MS * 1.2);
    expect(new Set(delays).size).toBeGreaterThan(1);
    for (const occurrenceId of occurrenceIds) {
      expect(await logOf(occurrenceId)).toMatchObject({ status: 'PENDING', autoRetryCount: 1 });
    }

    await waitFor(
      async () => (await Promise.all(occurrenceIds.map(logOf))).every((log) => log.status === 'FAILED'),
      20_000,
      'the retries to end',
      { clock, stepMs: 200 },
    );
    expect(requestsTo('/down')).toHaveLength(16);
  });
});
