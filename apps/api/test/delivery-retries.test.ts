import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryAttempts, deliveryLogs, occurrences, subscriptions } from '../src/db/schema';
import { claimDueDeliveries, releaseLeases } from '../src/delivery/claim';
import { INACTIVE_SUBSCRIPTION_REASON, sweepDeliveries } from '../src/delivery/housekeeping';
import { newId } from '../src/lib/ids';
import { SUBSCRIPTION_NOT_ACTIVE_FOR_RETRY } from '../src/modules/logs/service';
import {
  insertEvent,
  insertSubscription,
  isFinal,
  readLogsOf,
  readSubscription,
  setEventStatus,
} from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

/** Per path: the answers to give, in order; the last one repeats. */
const script = new Map<
  string,
  Array<{ status: number; headers?: Record<string, string>; delayMs?: number }>
>();

const harness = useDeliveryHarness(
  {
    DELIVERY_RETRY_DELAYS_MS: '20,40,80',
    DELIVERY_POLL_MS: '20',
    DELIVERY_SWEEP_MS: '50',
    DELIVERY_TIMEOUT_MS: '1500',
    // These receivers fail on purpose, many times in a row: the breaker would defer what they test.
    DELIVERY_CIRCUIT_FAILURES: '1000',
  },
  (request) => {
    const answers = script.get(request.url) ?? [{ status: 200 }];
    const seen = harness.receiver.requests.filter((r) => r.url === request.url).length;
    return answers[Math.min(seen - 1, answers.length - 1)] ?? { status: 200 };
  },
);

const emit = (alias: string, data: unknown = { n: 1 }) =>
  harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: alias, applicationId: harness.app.id, data },
  });

async function settle(occurrenceId: string) {
  const logs = await waitFor(
    async () => {
      const rows = await readLogsOf(harness.t.ctx, occurrenceId);
      return rows.length > 0 && rows.every((log) => isFinal(log.status)) ? rows : null;
    },
    15_000,
    'deliveries to end',
  );
  return logs[0] as NonNullable<(typeof logs)[0]>;
}

const attemptsOf = (logId: string) =>
  harness.t.ctx.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryLogId, logId))
    .orderBy(deliveryAttempts.attemptNumber);

async function subscribe(
  path: string,
  answers: Array<{ status: number; headers?: Record<string, string>; delayMs?: number }>,
  eventInput = {},
) {
  script.set(path, answers);
  const event = await insertEvent(harness.t.ctx, harness.app.id, eventInput);
  const subscription = await insertSubscription(harness.t.ctx, event.id, {
    targetUrl: `${harness.receiver.url}${path}`,
  });
  return { event, subscription };
}

describe('retries and failures', () => {
  it('When the receiver answers 500 then 200, then the delivery ends SUCCESS after a retry', async () => {
    const { event, subscription } = await subscribe('/flaky', [{ status: 500 }, { status: 200 }]);
    const response = await emit(event.alias);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('SUCCESS');
    expect(log.attemptCount).toBe(2);
    const attempts = await attemptsOf(log.id);
    expect(attempts.map((a) => a.httpStatusCode)).toEqual([500, 200]);
    expect((await readSubscription(harness.t.ctx, subscription.id))?.attempts).toBe(2);
  });

  it('When a delivery is retried, then every attempt sends the same bytes as the first, keys in the emitted order', async () => {
    const { event } = await subscribe('/same-body', [{ status: 500 }, { status: 500 }, { status: 200 }]);
    // jsonb would store these keys as id, name, zeta, nested {a, b}: the retries must not reorder them.
    const data = { zeta: 1, name: 'Ana', id: 7, nested: { b: [1.5, 'x'], a: null } };
    const response = await emit(event.alias, data);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('SUCCESS');
    const bodies = harness.receiver.requests.filter((r) => r.url === '/same-body').map((r) => r.body);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toBe(JSON.stringify(data));
    expect(new Set(bodies).size).toBe(1);
    // The console shows the data received and the payload sent as the client wrote them.
    const detail = await harness.t.get(`/v1/logs/${log.id}`);
    expect(JSON.stringify(detail.body.data.eventDataReceived)).toBe(JSON.stringify(data));
    expect(JSON.stringify(detail.body.data.payloadSent)).toBe(JSON.stringify(data));

    // A retry requested from the console after the end sends the same bytes again.
    const manual = await subscribe('/same-body-manual', [{ status: 500 }, { status: 200 }], {
      maxRetries: 0,
    });
    const failed = await settle((await emit(manual.event.alias, data)).body.occurrenceId);
    expect(failed.status).toBe('FAILED');
    expect((await harness.t.post(`/v1/logs/${failed.id}/retry`)).status).toBe(200);
    await waitFor(
      async () => harness.receiver.requests.filter((r) => r.url === '/same-body-manual').length === 2 || null,
      10_000,
      'the manual retry',
    );
    const manualBodies = harness.receiver.requests
      .filter((r) => r.url === '/same-body-manual')
      .map((r) => r.body);
    expect(manualBodies).toEqual([JSON.stringify(data), JSON.stringify(data)]);
  });

  it('When the receiver always answers 500, then the delivery ends FAILED after maxRetries retries with every attempt stored', async () => {
    const { event } = await subscribe('/down', [{ status: 500 }], { maxRetries: 2 });
    const response = await emit(event.alias);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('FAILED');
    const attempts = await attemptsOf(log.id);
    expect(attempts.map((a) => [a.attemptNumber, a.httpStatusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect(attempts.every((a) => a.responseBody === 'ok' && a.durationMs >= 0)).toBe(true);
  });

  it('When maxRetries is unset, then 3 retries are made (4 attempts)', async () => {
    const { event } = await subscribe('/down-default', [{ status: 503 }]);
    const response = await emit(event.alias);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('FAILED');
    expect((await attemptsOf(log.id)).length).toBe(4);
  });

  it('When the receiver is slower than the timeout, then the attempt fails with a timeout error', async () => {
    const { event } = await subscribe('/slow', [{ status: 200, delayMs: 4000 }], { maxRetries: 0 });
    const response = await emit(event.alias);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('FAILED');
    expect(log.errorMessage).toMatch(/Tempo limite/);
    expect(log.httpStatusCode).toBeNull();
  });

  it('When the receiver answers 410, then the delivery fails at once and the subscription is set FAILED', async () => {
    const { event, subscription } = await subscribe('/gone', [{ status: 410 }]);
    const response = await emit(event.alias);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('FAILED');
    expect(log.attemptCount).toBe(1);
    expect((await readSubscription(harness.t.ctx, subscription.id))?.status).toBe('FAILED');
    const next = await emit(event.alias);
    expect(next.body).toMatchObject({ deliveries: 0, ignored: 1 });

    // No worker delivers to a FAILED subscription: its log is not re-queued for nothing.
    const retry = await harness.t.post(`/v1/logs/${log.id}/retry`);
    expect(retry.status).toBe(409);
    expect(retry.body.error).toBe(SUBSCRIPTION_NOT_ACTIVE_FOR_RETRY);
    expect((await readLogsOf(harness.t.ctx, response.body.occurrenceId))[0]?.status).toBe('FAILED');
  });

  it('When the target answered 410, then the subscription says why and when, and set Ativa it delivers a retried log again', async () => {
    const { event, subscription } = await subscribe('/gone-then-back', [{ status: 410 }, { status: 200 }]);
    const before = Date.now();
    const log = await settle((await emit(event.alias)).body.occurrenceId);
    const disabled = await harness.t.get(`/v1/subscriptions/${subscription.id}`);
    expect(disabled.body.data).toMatchObject({ status: 'FAILED', disabledReason: 'GONE' });
    expect(Date.parse(disabled.body.data.disabledAt)).toBeGreaterThanOrEqual(before - 1000);
    const logView = await harness.t.get(`/v1/logs/${log.id}`);
    expect(logView.body.data.subscription.status).toBe('FAILED');

    const reactivated = await harness.t.put(`/v1/subscriptions/${subscription.id}`, {
      body: { status: 'ACTIVE' },
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.data).toMatchObject({ status: 'ACTIVE', disabledReason: null, disabledAt: null });
    expect((await readSubscription(harness.t.ctx, subscription.id))?.consecutiveFailures).toBe(0);
    expect((await harness.t.post(`/v1/logs/${log.id}/retry`)).status).toBe(200);
    const resent = await waitFor(
      async () => {
        const [row] = await readLogsOf(harness.t.ctx, log.occurrenceId);
        return row?.status === 'SUCCESS' ? row : null;
      },
      10_000,
      'the retried delivery',
    );
    expect(resent.httpStatusCode).toBe(200);
  });

  it('When a subscription is set INACTIVE while a delivery waits for its retry, then the delivery ends FAILED and the callback goes', async () => {
    const { event, subscription } = await subscribe('/then-off', [{ status: 500 }], {
      maxRetries: 10,
      enableCallbacks: true,
      callbackUrl: `${harness.receiver.url}/then-off-callback`,
    });
    const response = await emit(event.alias);
    await waitFor(
      async () =>
        (await readLogsOf(harness.t.ctx, response.body.occurrenceId))[0]?.status === 'RETRYING' || null,
      5_000,
      'a first failed attempt',
    );
    const detail = await harness.t.get(`/v1/events/${event.id}`);
    expect(detail.body.data.statistics).toMatchObject({
      totalDeliveries: 1,
      retryingDeliveries: 1,
      successfulDeliveries: 0,
      failedDeliveries: 0,
    });
    await harness.t.ctx.db
      .update(subscriptions)
      .set({ status: 'INACTIVE' })
      .where(eq(subscriptions.id, subscription.id));
    const log = await settle(response.body.occurrenceId);
    expect(log).toMatchObject({ status: 'FAILED', errorMessage: INACTIVE_SUBSCRIPTION_REASON });
    const callback = await waitFor(() =>
      harness.receiver.requests.find((r) => r.url === '/then-off-callback'),
    );
    expect(JSON.parse(callback.body).deliveries).toEqual([
      { subscriptionId: subscription.id, status: 'FAILED', httpStatusCode: 500 },
    ]);
  });

  it('When a finished occurrence still owes its callback (an API-only emit, a crash), then the sweep sends it once', async () => {
    const { event, subscription } = await subscribe('/owed', [{ status: 200 }], {
      enableCallbacks: true,
      callbackUrl: `${harness.receiver.url}/owed-callback`,
    });
    const occurrenceId = newId();
    await harness.t.ctx.db.insert(occurrences).values({
      id: occurrenceId,
      eventId: event.id,
      applicationId: harness.app.id,
      eventType: event.alias,
      data: {},
      callbackPending: true,
    });
    await harness.t.ctx.db.insert(deliveryLogs).values({
      id: newId(),
      occurrenceId,
      subscriptionId: subscription.id,
      eventId: event.id,
      status: 'SUCCESS',
      httpStatusCode: 200,
    });
    const callback = await waitFor(() => harness.receiver.requests.find((r) => r.url === '/owed-callback'));
    expect(JSON.parse(callback.body)).toMatchObject({ occurrenceId, eventId: event.id });
    // Later sweeps find nothing owed: a sweep waits for the callbacks it sends, so a second one would be here.
    await sweepDeliveries(harness.t.ctx, harness.engine.sender);
    await sweepDeliveries(harness.t.ctx, harness.engine.sender);
    expect(harness.receiver.requests.filter((r) => r.url === '/owed-callback')).toHaveLength(1);
    const [row] = await harness.t.ctx.db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    expect(row).toMatchObject({ callbackPending: false, callbackSentAt: expect.any(Date) });
  });

  it('When the receiver redirects, then the redirect is not followed and counts as a failure', async () => {
    const { event } = await subscribe('/moved', [{ status: 302, headers: { location: '/elsewhere' } }], {
      maxRetries: 0,
    });
    const response = await emit(event.alias);
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('FAILED');
    expect(log.httpStatusCode).toBe(302);
    expect(harness.receiver.requests.some((r) => r.url === '/elsewhere')).toBe(false);
  });

  it('When the event is PAUSED, then emits are accepted and held until it is ACTIVE again', async () => {
    const { event } = await subscribe('/paused', [{ status: 200 }], { status: 'PAUSED' });
    const response = await emit(event.alias);
    expect(response.status).toBe(202);
    expect(response.body.deliveries).toBe(1);
    const [held] = await readLogsOf(harness.t.ctx, response.body.occurrenceId);
    // Not handed over at birth, and a claim (the engine's own statement) passes it by.
    expect(held).toMatchObject({ status: 'PENDING', leasedBy: null });
    const claimed = await claimDueDeliveries(harness.t.ctx, 'test-probe', 1_000);
    await releaseLeases(
      harness.t.ctx,
      'test-probe',
      claimed.map((delivery) => delivery.id),
    );
    expect(claimed.map((delivery) => delivery.id)).not.toContain(held?.id);
    expect(harness.receiver.requests.some((r) => r.url === '/paused')).toBe(false);
    await setEventStatus(harness.t.ctx, event.id, 'ACTIVE');
    const log = await settle(response.body.occurrenceId);
    expect(log.status).toBe('SUCCESS');
  });

  it('When 20 deliveries in a row end FAILED, then the subscription is auto-disabled and new deliveries are IGNORED', async () => {
    const { event, subscription } = await subscribe('/broken', [{ status: 500 }], { maxRetries: 0 });
    for (let i = 0; i < 20; i++) {
      const response = await emit(event.alias);
      await settle(response.body.occurrenceId);
    }
    const row = await readSubscription(harness.t.ctx, subscription.id);
    expect(row?.status).toBe('FAILED');
    expect(row?.consecutiveFailures).toBe(20);
    const view = await harness.t.get(`/v1/subscriptions/${subscription.id}`);
    expect(view.body.data).toMatchObject({ status: 'FAILED', disabledReason: 'CONSECUTIVE_FAILURES' });
    const next = await emit(event.alias);
    expect(next.body).toMatchObject({ deliveries: 0, ignored: 1 });
    const [ignored] = await readLogsOf(harness.t.ctx, next.body.occurrenceId);
    expect(ignored?.errorMessage).toMatch(/desativada/);
  });
});
