import { inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { insertEvent, insertSubscription, isFinal, readLogsOf } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

const harness = useDeliveryHarness({ DELIVERY_RETRY_DELAYS_MS: '20,40,80', DELIVERY_POLL_MS: '20' });

const emit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey, ...headers },
    body,
  });

async function settle(occurrenceId: string) {
  return waitFor(
    async () => {
      const logs = await readLogsOf(harness.t.ctx, occurrenceId);
      return logs.length > 0 && logs.every((log) => isFinal(log.status)) ? logs : null;
    },
    10_000,
    'deliveries to end',
  );
}

describe('emits arriving together', () => {
  it('When 60 emits of two events arrive at once, some repeating a key and one for an unknown alias, then each gets its own answer and every delivery arrives once', async () => {
    const first = await insertEvent(harness.t.ctx, harness.app.id);
    const second = await insertEvent(harness.t.ctx, harness.app.id);
    await insertSubscription(harness.t.ctx, first.id, { targetUrl: `${harness.receiver.url}/first` });
    await insertSubscription(harness.t.ctx, second.id, { targetUrl: `${harness.receiver.url}/second` });
    await insertSubscription(harness.t.ctx, second.id, {
      targetUrl: `${harness.receiver.url}/second-filtered`,
      filters: [{ origin: 'BODY', field: 'n', operator: '=', value: '0' }],
    });
    const before = harness.receiver.requests.length;
    const bodies = Array.from({ length: 60 }, (_, n) => ({
      eventType: n % 2 === 0 ? first.alias : second.alias,
      applicationId: harness.app.id,
      data: { n },
      // Emits 50–59 repeat the keys of emits 40–49.
      ...(n >= 40 ? { externalEventId: `together-${n % 10}-${n % 2}` } : {}),
    }));
    const [answers, unknown] = await Promise.all([
      Promise.all(bodies.map((body) => emit(body))),
      emit({ eventType: 'nao.existe', applicationId: harness.app.id, data: {} }),
    ]);
    expect(unknown.status).toBe(404);
    expect(answers.every((answer) => answer.status === 202)).toBe(true);
    for (let n = 50; n < 60; n++) expect(answers[n]?.body).toEqual(answers[n - 10]?.body);
    const occurrenceIds = new Set(answers.map((answer) => answer.body.occurrenceId as string));
    expect(occurrenceIds.size).toBe(50);
    expect(answers[1]?.body).toMatchObject({ deliveries: 1, ignored: 1 });
    expect(answers[0]?.body).toMatchObject({ deliveries: 1, ignored: 0 });

    // One poll for all of them: fifty at once would load the embedded database more than the engine does.
    await waitFor(
      async () => {
        const logs = await harness.t.ctx.db
          .select({ status: deliveryLogs.status })
          .from(deliveryLogs)
          .where(inArray(deliveryLogs.occurrenceId, [...occurrenceIds]));
        return logs.length === 75 && logs.every((log) => isFinal(log.status));
      },
      20_000,
      'every delivery of the 50 occurrences to end',
    );
    const arrived = harness.receiver.requests.slice(before).map((request) => request.headers['webhook-id']);
    // 25 occurrences of each event, each delivered once: 25 to /first and 25 to /second.
    expect(arrived).toHaveLength(50);
    expect(new Set(arrived).size).toBe(50);
  });
});

describe('signed delivery', () => {
  it('When an event is emitted, then the receiver gets a Standard Webhooks signed request with the rendered body', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id, {
      bodyTemplate: { order: '{{payload.id}}', kind: '#eventName#' },
    });
    const subscription = await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/signed`,
      jsonBody: { orderId: '{{payload.order}}', label: 'pedido {{payload.order}}' },
    });
    const response = await emit({ eventType: event.alias, applicationId: harness.app.id, data: { id: 42 } });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ deliveries: 1, ignored: 0 });
    expect(response.body.eventId).toBe(response.body.occurrenceId);

    const [log] = await settle(response.body.occurrenceId);
    expect(log?.status).toBe('SUCCESS');
    expect(log?.processedAt).toBeInstanceOf(Date);
    const request = harness.receiver.requests.find((r) => r.url === '/signed');
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['webhook-id']).toBe(log?.id);
    const verified = new Webhook(subscription.secret).verify(
      request?.body ?? '',
      request?.headers as Record<string, string>,
    );
    expect(verified).toEqual({ orderId: 42, label: 'pedido 42' });
  });

  it.each([
    [
      'BASIC',
      { username: 'ana', password: 's3nha' },
      'authorization',
      `Basic ${Buffer.from('ana:s3nha').toString('base64')}`,
    ],
    ['BEARER', { token: 'tok-123' }, 'authorization', 'Bearer tok-123'],
    ['API_KEY', { key: 'X-Partner-Key', value: 'pk-9' }, 'x-partner-key', 'pk-9'],
  ])(
    'When the subscription uses %s auth, then the receiver gets its header',
    async (authType, authDetails, header, value) => {
      const event = await insertEvent(harness.t.ctx, harness.app.id);
      await insertSubscription(harness.t.ctx, event.id, {
        targetUrl: `${harness.receiver.url}/auth-${authType}`,
        authType,
        authDetails,
      });
      const response = await emit({ eventType: event.alias, applicationId: harness.app.id, data: { a: 1 } });
      await settle(response.body.occurrenceId);
      const request = harness.receiver.requests.find((r) => r.url === `/auth-${authType}`);
      expect(request?.headers[header]).toBe(value);
    },
  );

  it.each(['PUT', 'PATCH', 'DELETE', 'GET'])(
    'When the subscription method is %s, then that method is used',
    async (method) => {
      const event = await insertEvent(harness.t.ctx, harness.app.id);
      await insertSubscription(harness.t.ctx, event.id, {
        targetUrl: `${harness.receiver.url}/method-${method}`,
        httpMethod: method,
      });
      const response = await emit({ eventType: event.alias, applicationId: harness.app.id, data: { a: 1 } });
      await settle(response.body.occurrenceId);
      const request = harness.receiver.requests.find((r) => r.url === `/method-${method}`);
      expect(request?.method).toBe(method);
      expect(request?.body).toBe(method === 'GET' ? '' : '{"a":1}');
      // A body-less GET says nothing of a content type.
      expect(request?.headers['content-type']).toBe(method === 'GET' ? undefined : 'application/json');
    },
  );

  it('When a subscription filter does not match, then its delivery is IGNORED with the reason and nothing is sent', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id);
    await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/filtered-out`,
      filters: [{ origin: 'BODY', field: 'amount', operator: '>', value: '100' }],
    });
    await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/filtered-in`,
      filters: [{ origin: 'BODY', field: 'amount', operator: '<=', value: '100' }],
    });
    const response = await emit({
      eventType: event.alias,
      applicationId: harness.app.id,
      data: { amount: 50 },
    });
    expect(response.body).toMatchObject({ deliveries: 1, ignored: 1 });
    const logs = await settle(response.body.occurrenceId);
    const ignored = logs.find((log) => log.status === 'IGNORED');
    expect(ignored?.errorMessage).toBeTruthy();
    expect(logs.map((log) => log.status).sort()).toEqual(['IGNORED', 'SUCCESS']);
    expect(harness.receiver.requests.some((r) => r.url === '/filtered-out')).toBe(false);
  });

  it('When the event has callbacks on, then a report of the final deliveries is posted to its callback URL', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id, {
      enableCallbacks: true,
      callbackUrl: `${harness.receiver.url}/callback`,
      callbackAuthType: 'BEARER',
      callbackAuthDetails: { token: 'cb-token' },
    });
    const subscription = await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/with-callback`,
    });
    const response = await emit({ eventType: event.alias, applicationId: harness.app.id, data: { a: 1 } });
    const callback = await waitFor(
      () => harness.receiver.requests.find((r) => r.url === '/callback'),
      10_000,
      'callback',
    );
    expect(callback.headers.authorization).toBe('Bearer cb-token');
    expect(JSON.parse(callback.body)).toEqual({
      eventId: event.id,
      alias: event.alias,
      occurrenceId: response.body.occurrenceId,
      deliveries: [{ subscriptionId: subscription.id, status: 'SUCCESS', httpStatusCode: 200 }],
    });
  });

  it('When every delivery is IGNORED, then the callback report is still posted once', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id, {
      enableCallbacks: true,
      callbackUrl: `${harness.receiver.url}/callback-ignored`,
    });
    const subscription = await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/never`,
      filters: [{ origin: 'BODY', field: 'kind', operator: '=', value: 'vip' }],
    });
    const response = await emit({
      eventType: event.alias,
      applicationId: harness.app.id,
      data: { kind: 'normal' },
    });
    expect(response.body).toMatchObject({ deliveries: 0, ignored: 1 });
    const callback = await waitFor(() =>
      harness.receiver.requests.find((r) => r.url === '/callback-ignored'),
    );
    expect(JSON.parse(callback.body).deliveries).toEqual([
      { subscriptionId: subscription.id, status: 'IGNORED', httpStatusCode: null },
    ]);
  });

  it('When deliveries were made, then /metrics counts attempts by outcome and shows the backlog', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id);
    await insertSubscription(harness.t.ctx, event.id, { targetUrl: `${harness.receiver.url}/metrics-ok` });
    const response = await emit({ eventType: event.alias, applicationId: harness.app.id, data: {} });
    await settle(response.body.occurrenceId);
    const metrics = await harness.t.get('/metrics', { token: null });
    const successes = /webhook_delivery_attempts_total\{status="SUCCESS"\} (\d+)/.exec(metrics.body);
    expect(Number(successes?.[1])).toBeGreaterThanOrEqual(1);
    expect(metrics.body).toMatch(/webhook_delivery_attempt_seconds_sum\{status="SUCCESS"\} [\d.e-]+/);
    expect(metrics.body).toMatch(/\nwebhook_deliveries_due\{status="PENDING"\} \d+\n/);
    expect(metrics.body).toMatch(/\nwebhook_event_logs_open \d+\n/);
  });
});
