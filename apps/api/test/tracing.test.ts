import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences } from '../src/db/schema';
import { insertAutomation } from './support/automation-fixtures';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './support/otlp-receiver';
import { createTestApp } from './support/test-app';
import { queueBackend } from './support/test-queue';
import { waitFor } from './support/wait-for';
import { emitWith, settleOccurrence, useWorkersHarness } from './support/workers-harness';

let collector: OtlpReceiver;
beforeAll(async () => {
  collector = await startOtlpReceiver();
});
afterAll(() => collector?.close());

// /flaky answers 500 to the first request of each delivery, then 200: its retry is claimed from the
// database later, so its span's parent comes from the stored occurrence, not from memory.
const failedOnce = new Set<string>();
const harness = useWorkersHarness(
  () => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    DELIVERY_RETRY_DELAYS_MS: '20',
  }),
  (request) => {
    const webhookId = String(request.headers['webhook-id']);
    if (request.url === '/flaky' && !failedOnce.has(webhookId)) {
      failedOnce.add(webhookId);
      return { status: 500 };
    }
    return {};
  },
);
const emit = emitWith(harness);

/** A W3C traceparent of a caller's span, as an instrumented client sends it. */
const callerContext = () => {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
};

/** The spans of one trace once `count` have arrived (exported spans are flushed first). */
async function spansOfTrace(traceId: string, count: number): Promise<ReceivedSpan[]> {
  return waitFor(
    async () => {
      await harness.t.ctx.tracing.flush();
      const spans = collector.spans.filter((span) => span.traceId === traceId);
      return spans.length >= count ? spans : null;
    },
    10_000,
    `${count} spans of the trace`,
  );
}

const only = (spans: ReceivedSpan[], name: string) => {
  const found = spans.filter((span) => span.name === name);
  expect(found, name).toHaveLength(1);
  return found[0] as ReceivedSpan;
};

describe(`tracing with an OTLP collector (queue: ${queueBackend})`, () => {
  it('When an emit carries a traceparent, then its span continues it and each delivery attempt, the retry claimed later included, is a span under it', async () => {
    const { t, receiver, app } = harness;
    const event = await insertEvent(t.ctx, app.id);
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/ok` });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/flaky` });
    const caller = callerContext();

    const answer = await emit({ eventType: event.alias }, { traceparent: caller.traceparent });
    expect(answer.status).toBe(202);
    await settleOccurrence(harness, answer.body.occurrenceId, 2);
    const spans = await spansOfTrace(caller.traceId, 4);

    const emitSpan = only(spans, 'webhook.emit');
    expect(emitSpan.parentSpanId).toBe(caller.spanId);
    expect(emitSpan.serviceName).toBe('webhook-manager');
    expect(emitSpan.attributes).toMatchObject({
      'webhook.occurrence_id': answer.body.occurrenceId,
      'webhook.event_type': event.alias,
      'webhook.deliveries': 2,
    });
    const attempts = spans.filter((span) => span.name === 'webhook.delivery');
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) expect(attempt.parentSpanId).toBe(emitSpan.spanId);
    const described = attempts.map((attempt) => ({
      host: attempt.attributes['server.address'],
      status: attempt.attributes['http.response.status_code'],
      attempt: attempt.attributes['webhook.attempt'],
      outcome: attempt.attributes['webhook.outcome'],
    }));
    expect(described).toEqual(
      expect.arrayContaining([
        { host: '127.0.0.1', status: 200, attempt: 1, outcome: 'SUCCESS' },
        { host: '127.0.0.1', status: 500, attempt: 1, outcome: 'RETRYING' },
        { host: '127.0.0.1', status: 200, attempt: 2, outcome: 'SUCCESS' },
      ]),
    );
    // A failed attempt is an error span (status code 2).
    const failed = attempts.find((attempt) => attempt.attributes['http.response.status_code'] === 500);
    expect(failed?.status.code).toBe(2);

    const [stored] = await t.ctx.db
      .select({ traceParent: occurrences.traceParent })
      .from(occurrences)
      .where(eq(occurrences.id, answer.body.occurrenceId));
    expect(stored?.traceParent).toBe(`00-${caller.traceId}-${emitSpan.spanId}-01`);
  });

  it('When a queued event is emitted, then its message span continues the emit and its deliveries are spans under the message', async () => {
    const { t, receiver, app } = harness;
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ', delayBetweenSends: 0 });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/ok` });
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/ok-too` });
    const caller = callerContext();

    const answer = await emit({ eventType: event.alias }, { traceparent: caller.traceparent });
    await settleOccurrence(harness, answer.body.occurrenceId, 2);
    const spans = await spansOfTrace(caller.traceId, 4);

    const emitSpan = only(spans, 'webhook.emit');
    expect(emitSpan.parentSpanId).toBe(caller.spanId);
    const message = only(spans, 'webhook.queue.process event-log');
    expect(message.parentSpanId).toBe(emitSpan.spanId);
    expect(message.attributes).toMatchObject({
      'messaging.system': queueBackend === 'rabbitmq' ? 'rabbitmq' : 'postgresql',
      'webhook.queue.outcome': 'ack',
    });
    const attempts = spans.filter((span) => span.name === 'webhook.delivery');
    expect(attempts.map((attempt) => attempt.parentSpanId)).toEqual([message.spanId, message.spanId]);
  });

  it('When data is posted to the rules, then the rule run and the linked event it emits, with its delivery, join the caller’s trace', async () => {
    const { t, receiver, app } = harness;
    const linked = await insertEvent(t.ctx, app.id);
    await insertSubscription(t.ctx, linked.id, { targetUrl: `${receiver.url}/from-rule` });
    const { alias } = await insertAutomation(t.ctx, app.id, linked.id);
    const caller = callerContext();

    const answer = await t.post('/v1/emit-rules', {
      token: null,
      headers: { 'x-api-key': app.apiKey, traceparent: caller.traceparent },
      body: { applicationId: app.id, eventType: alias, data: { message: { text: 'preciso de ajuda' } } },
    });
    expect(answer.status).toBe(202);
    const spans = await spansOfTrace(caller.traceId, 5);

    const posted = only(spans, 'webhook.emit_rules');
    expect(posted.parentSpanId).toBe(caller.spanId);
    const message = only(spans, 'webhook.queue.process run-rules');
    expect(message.parentSpanId).toBe(posted.spanId);
    const run = only(spans, 'webhook.rule.run');
    expect(run.parentSpanId).toBe(message.spanId);
    expect(run.attributes['webhook.rule.success']).toBe(true);
    const linkedEmit = only(spans, 'webhook.emit');
    expect(linkedEmit.parentSpanId).toBe(run.spanId);
    expect(only(spans, 'webhook.delivery').parentSpanId).toBe(linkedEmit.spanId);
  });

  it('When an emit has no traceparent, then it starts a trace of its own that its deliveries join', async () => {
    const { t, receiver, app } = harness;
    const event = await insertEvent(t.ctx, app.id);
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/ok` });

    const answer = await emit({ eventType: event.alias }, { traceparent: 'nada-disso' });
    await settleOccurrence(harness, answer.body.occurrenceId, 1);
    const [stored] = await t.ctx.db
      .select({ traceParent: occurrences.traceParent })
      .from(occurrences)
      .where(eq(occurrences.id, answer.body.occurrenceId));
    const traceId = String(stored?.traceParent).split('-')[1] ?? '';
    const spans = await spansOfTrace(traceId, 2);
    expect(only(spans, 'webhook.emit').parentSpanId ?? '').toBe('');
    expect(only(spans, 'webhook.delivery').parentSpanId).toBe(only(spans, 'webhook.emit').spanId);
  });
});

describe('tracing settings', () => {
  it('When only the endpoint is set, then spans are exported as OTLP protobuf to its /v1/traces', async () => {
    const protobuf = await startOtlpReceiver();
    const t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `${protobuf.url}/` });
    try {
      const app = await insertApplication(t.ctx);
      const event = await insertEvent(t.ctx, app.id);
      const caller = callerContext();
      const answer = await t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey, traceparent: caller.traceparent },
        body: { applicationId: app.id, eventType: event.alias, data: {} },
      });
      expect(answer.status).toBe(202);
      await t.ctx.tracing.flush();
      const [exported] = protobuf.exports;
      expect(exported?.path).toBe('/v1/traces');
      expect(exported?.contentType).toBe('application/x-protobuf');
      // Protobuf carries ids as raw bytes and names as UTF-8.
      expect(exported?.body.includes(Buffer.from(caller.traceId, 'hex'))).toBe(true);
      expect(exported?.body.includes(Buffer.from('webhook.emit'))).toBe(true);
    } finally {
      await t.close();
      await protobuf.close();
    }
  });

  it('When no endpoint is set, then tracing is off and an emit stores no trace context', async () => {
    const t = await createTestApp();
    try {
      expect(t.ctx.tracing.isEnabled).toBe(false);
      const app = await insertApplication(t.ctx);
      const event = await insertEvent(t.ctx, app.id);
      const answer = await t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey, traceparent: callerContext().traceparent },
        body: { applicationId: app.id, eventType: event.alias, data: {} },
      });
      const [stored] = await t.ctx.db
        .select({ traceParent: occurrences.traceParent })
        .from(occurrences)
        .where(eq(occurrences.id, answer.body.occurrenceId));
      expect(stored).toEqual({ traceParent: null });
    } finally {
      await t.close();
    }
  });
});
