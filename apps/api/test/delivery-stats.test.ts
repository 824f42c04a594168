import { beforeAll, describe, expect, it } from 'vitest';
import { type AttemptResult, recordAttemptResults } from '../src/delivery/record-results';
import { newId } from '../src/lib/ids';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  isFinal,
  readLogsOf,
} from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import type { TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

type Point = {
  at: string;
  SUCCESS: number;
  FAILED: number;
  RETRYING: number;
  PENDING: number;
  IGNORED: number;
  p50Ms: number | null;
  p95Ms: number | null;
};

const harness = useDeliveryHarness({ DELIVERY_RETRY_DELAYS_MS: '10', DELIVERY_POLL_MS: '20' }, (request) =>
  request.url === '/bad' ? { status: 500, body: 'quebrado' } : { status: 200, body: 'aceito' },
);

let owner: Awaited<ReturnType<TestApp['createUser']>>;
let app: { id: string; apiKey: string };
let okSubscriptionId: string;
let timedSubscriptionId: string;
let timedLogId: string;
const startedAt = new Date();

async function emit(alias: string, data: unknown = {}) {
  const response = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': app.apiKey },
    body: { eventType: alias, applicationId: app.id, data },
  });
  expect(response.status).toBe(202);
  return response.body.occurrenceId as string;
}

async function waitUntilFinal(occurrenceId: string) {
  await waitFor(async () =>
    (await readLogsOf(harness.t.ctx, occurrenceId)).every((log) => isFinal(log.status)),
  );
}

const statsUrl = (query: Record<string, string | number | undefined>) =>
  `/v1/stats/deliveries?${new URLSearchParams(
    Object.entries(query).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  )}`;

/** One bucket over the whole test run (from an hour before it started to a minute from now). */
async function readWholeRun(token: string, filter: Record<string, string> = {}) {
  const response = await harness.t.get(
    statsUrl({
      from: new Date(startedAt.getTime() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      bucketMinutes: 180,
      ...filter,
    }),
    { token },
  );
  expect(response.status).toBe(200);
  return response.body.data as Point[];
}

const sum = (points: Point[], key: 'SUCCESS' | 'FAILED' | 'RETRYING' | 'PENDING' | 'IGNORED') =>
  points.reduce((total, point) => total + point[key], 0);

beforeAll(async () => {
  owner = await harness.t.createUser();
  app = await insertApplication(harness.t.ctx, { ownerId: owner.id });
  const okEvent = await insertEvent(harness.t.ctx, app.id, { maxRetries: 0 });
  const badEvent = await insertEvent(harness.t.ctx, app.id, { maxRetries: 1 });
  const pausedEvent = await insertEvent(harness.t.ctx, app.id, { status: 'PAUSED' });
  const timedEvent = await insertEvent(harness.t.ctx, app.id, { maxRetries: 0 });
  okSubscriptionId = (
    await insertSubscription(harness.t.ctx, okEvent.id, { targetUrl: `${harness.receiver.url}/ok` })
  ).id;
  await insertSubscription(harness.t.ctx, okEvent.id, {
    targetUrl: `${harness.receiver.url}/ok`,
    filters: [{ origin: 'BODY', field: 'kind', operator: '=', value: 'nunca' }],
  });
  await insertSubscription(harness.t.ctx, badEvent.id, { targetUrl: `${harness.receiver.url}/bad` });
  await insertSubscription(harness.t.ctx, pausedEvent.id, { targetUrl: `${harness.receiver.url}/ok` });
  timedSubscriptionId = (
    await insertSubscription(harness.t.ctx, timedEvent.id, { targetUrl: `${harness.receiver.url}/ok` })
  ).id;

  for (const occurrenceId of [
    await emit(okEvent.alias),
    await emit(okEvent.alias),
    await emit(badEvent.alias),
  ]) {
    await waitUntilFinal(occurrenceId);
  }
  await emit(pausedEvent.alias);
  const timedOccurrence = await emit(timedEvent.alias);
  await waitUntilFinal(timedOccurrence);
  timedLogId = (await readLogsOf(harness.t.ctx, timedOccurrence))[0]?.id as string;
});

describe('GET /v1/stats/deliveries', () => {
  it('When deliveries succeed, fail, retry, wait and are ignored, then each is counted once under its status', async () => {
    const points = await readWholeRun(owner.token);
    expect(points).toHaveLength(1);
    expect({
      SUCCESS: sum(points, 'SUCCESS'),
      FAILED: sum(points, 'FAILED'),
      RETRYING: sum(points, 'RETRYING'),
      PENDING: sum(points, 'PENDING'),
      IGNORED: sum(points, 'IGNORED'),
    }).toEqual({ SUCCESS: 3, FAILED: 1, RETRYING: 1, PENDING: 1, IGNORED: 2 });
    // Response times belong to one endpoint: over several subscriptions there are none.
    expect(points[0]).toMatchObject({ p50Ms: null, p95Ms: null });
    const [one] = await readWholeRun(owner.token, { subscriptionId: okSubscriptionId });
    expect(one?.p50Ms).toBeGreaterThanOrEqual(0);
    expect(one?.p95Ms).toBeGreaterThanOrEqual(one?.p50Ms ?? 0);
  });

  it('When the range is cut in buckets, then every bucket is answered, empty ones with zeros', async () => {
    const from = new Date(startedAt.getTime() - 3_600_000);
    const response = await harness.t.get(
      statsUrl({
        from: from.toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
        bucketMinutes: 1,
      }),
      { token: owner.token },
    );
    const points = response.body.data as Point[];
    expect(points.length).toBeGreaterThanOrEqual(61);
    const minute = Math.floor(from.getTime() / 60_000) * 60_000;
    expect(points[0]?.at).toBe(new Date(minute).toISOString());
    expect(points[1]?.at).toBe(new Date(minute + 60_000).toISOString());
    expect(points[0]).toMatchObject({ SUCCESS: 0, FAILED: 0, p50Ms: null, p95Ms: null });
    expect(sum(points, 'SUCCESS')).toBe(3);
  });

  it("When attempts took known times, then p50 and p95 are those times' within 5 %", async () => {
    const at = new Date(startedAt.getTime() - 2 * 3_600_000);
    const result = (durationMs: number): AttemptResult => ({
      id: timedLogId,
      subscriptionId: timedSubscriptionId,
      occurrenceId: newId(),
      status: 'SUCCESS',
      httpStatusCode: 200,
      responseBody: null,
      errorMessage: null,
      nextAttemptAt: null,
      processedAt: at.toISOString(),
      attemptNumber: 2,
      attemptId: newId(),
      startedAt: at.toISOString(),
      durationMs,
      isGone: false,
    });
    // 10 answers in 100 ms, 9 in 400 ms and one in 1 s: the median is 100 ms, the 95th percentile 400 ms.
    const durations = [...Array(10).fill(100), ...Array(9).fill(400), 1000];
    await recordAttemptResults(harness.t.ctx, 'someone-else', durations.map(result));
    const response = await harness.t.get(
      statsUrl({
        from: new Date(at.getTime() - 60_000).toISOString(),
        to: new Date(at.getTime() + 60_000).toISOString(),
        bucketMinutes: 2,
        subscriptionId: timedSubscriptionId,
      }),
      { token: owner.token },
    );
    const [point] = response.body.data as Point[];
    expect(point?.SUCCESS).toBe(20);
    expect(Math.abs((point?.p50Ms ?? 0) - 100)).toBeLessThanOrEqual(5);
    expect(Math.abs((point?.p95Ms ?? 0) - 400)).toBeLessThanOrEqual(20);
  });

  it('When asked for one subscription, then only its deliveries are counted', async () => {
    const points = await readWholeRun(owner.token, { subscriptionId: okSubscriptionId });
    expect([sum(points, 'SUCCESS'), sum(points, 'FAILED'), sum(points, 'IGNORED')]).toEqual([2, 0, 0]);
  });

  it('When a user reads nothing of the application, then they count nothing and its ids answer 404', async () => {
    const outsider = await harness.t.createUser();
    const points = await readWholeRun(outsider.token);
    expect(sum(points, 'SUCCESS') + sum(points, 'IGNORED') + sum(points, 'PENDING')).toBe(0);
    for (const filter of [{ subscriptionId: okSubscriptionId }, { applicationId: app.id }]) {
      const response = await harness.t.get(
        statsUrl({
          from: startedAt.toISOString(),
          to: new Date(Date.now() + 60_000).toISOString(),
          bucketMinutes: 60,
          ...filter,
        }),
        { token: outsider.token },
      );
      expect(response.status).toBe(404);
      expect(response.body.code).toBeDefined();
    }
  });

  it('When a one-day range at one-minute buckets has seconds, then it answers at most 1,440 points: a day from a whole minute, or 400 for the 1,441 minutes a day across two partial ones touches', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000;
    const ask = (from: number, to: number) =>
      harness.t.get(
        statsUrl({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), bucketMinutes: 1 }),
        { token: owner.token },
      );
    const whole = await ask(minute, minute + 86_400_000);
    expect(whole.status).toBe(200);
    expect(whole.body.data).toHaveLength(1440);
    const endingInAMinute = await ask(minute + 30_000, minute + 86_400_000);
    expect(endingInAMinute.status).toBe(200);
    expect(endingInAMinute.body.data).toHaveLength(1440);
    const withSeconds = await ask(minute + 30_000, minute + 86_430_000);
    expect(withSeconds.status).toBe(400);
    expect(withSeconds.body).toMatchObject({
      error: 'Período longo demais para o intervalo: no máximo 1440 pontos',
      code: 'VALIDATION_ERROR',
    });
  });

  it('When the range is backwards or has too many points, then it answers 400 in pt-BR', async () => {
    const now = Date.now();
    const backwards = await harness.t.get(
      statsUrl({
        from: new Date(now).toISOString(),
        to: new Date(now - 60_000).toISOString(),
        bucketMinutes: 1,
      }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toMatch(/início deve ser anterior ao fim/);
    const tooMany = await harness.t.get(
      statsUrl({
        from: new Date(now - 2 * 86_400_000).toISOString(),
        to: new Date(now).toISOString(),
        bucketMinutes: 1,
      }),
    );
    expect(tooMany.status).toBe(400);
    const tooLong = await harness.t.get(
      statsUrl({
        from: new Date(now - 8 * 86_400_000).toISOString(),
        to: new Date(now).toISOString(),
        bucketMinutes: 1440,
      }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('Período máximo é de 7 dias');
    const missing = await harness.t.get('/v1/stats/deliveries');
    expect(missing.status).toBe(400);
  });
});
