import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext, stopContext } from '../src/create-context';
import { openDatabase } from '../src/db/open-database';
import { deliveryLogs } from '../src/db/schema';
import { startDeliveryEngine } from '../src/delivery/engine';
import { insertEvent, insertSubscription, type ReceivedRequest } from './support/delivery-fixtures';
import { scheduleEngineJobs, useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import { testBackend } from './support/test-database';
import { waitFor } from './support/wait-for';

// FIFO events: per (subscription, ordering key) each delivery is attempted only once the one before
// it is final. The engine runs on a fake clock: a retry comes due when the test moves it.
const clock = createFakeClock();
const RETRY_DELAY_MS = 60_000;
const ENV = {
  DELIVERY_RETRY_DELAYS_MS: String(RETRY_DELAY_MS),
  DELIVERY_POLL_MS: '20',
  // The sweep only ends deliveries of disabled subscriptions, none here: no need to run it twenty
  // times a second on PGlite's one connection.
  DELIVERY_SWEEP_MS: '1000',
  DELIVERY_TIMEOUT_MS: '10000',
  // Moves of the clock must not expire the lease of a send in flight (that would send it twice).
  DELIVERY_LEASE_MS: '36000000',
  // These receivers fail on purpose: the breaker would defer what the tests count.
  DELIVERY_CIRCUIT_FAILURES: '100000',
};

type Answer = { status?: number; delayMs?: number };
/** Per path: how to answer one request (its delivery id, and how many times that delivery came before). */
const scripts = new Map<
  string,
  (deliveryId: string, seen: number, body: { key: string; n: number }) => Answer
>();
/** Every answered request, in the order they arrived, with the status it got. */
const answered: Array<{ path: string; deliveryId: string; key: string; n: number; status: number }> = [];

function replyTo(request: ReceivedRequest): Answer {
  const deliveryId = String(request.headers['webhook-id']);
  const body = JSON.parse(request.body) as { key: string; n: number };
  const seen = answered.filter((entry) => entry.deliveryId === deliveryId).length;
  const answer = scripts.get(request.url)?.(deliveryId, seen, body) ?? {};
  answered.push({ path: request.url, deliveryId, key: body.key, n: body.n, status: answer.status ?? 200 });
  return answer;
}

const harness = useDeliveryHarness(ENV, replyTo, { clock });

/** Seeded: a first attempt fails when the hash of (seed, delivery id) says so, ~`rate` of them. */
const failsFirst = (seed: string, deliveryId: string, rate: number) =>
  createHash('sha256').update(`${seed}:${deliveryId}`).digest().readUInt32BE(0) / 2 ** 32 < rate;

async function fifoEvent(
  path: string,
  subscription: { fifoOnFailure?: 'CONTINUE' | 'HOLD' } = {},
  maxRetries = 3,
) {
  const event = await insertEvent(harness.t.ctx, harness.app.id, { queueType: 'FIFO', maxRetries });
  const { id } = await insertSubscription(harness.t.ctx, event.id, {
    targetUrl: `${harness.receiver.url}${path}`,
    ...subscription,
  });
  return { alias: event.alias, eventId: event.id, subscriptionId: id };
}

async function emit(alias: string, data: { key: string; n: number }, orderingKey: string | null = data.key) {
  const response = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: {
      eventType: alias,
      applicationId: harness.app.id,
      data,
      ...(orderingKey === null ? {} : { orderingKey }),
    },
  });
  expect(response.status).toBe(202);
  return response.body.occurrenceId as string;
}

/** Emits `perKey` events on each key, each key's in order by one sequential emitter, the keys at once. */
async function emitOverKeys(alias: string, keys: string[], perKey: number) {
  await Promise.all(
    keys.map(async (key) => {
      for (let n = 0; n < perKey; n++) await emit(alias, { key, n });
    }),
  );
}

const logsOf = (subscriptionId: string) =>
  harness.t.ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.subscriptionId, subscriptionId));

const openCount = async (subscriptionId: string) => {
  const [row] = await harness.t.ctx.database.query<{ total: number; open: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('PENDING', 'RETRYING'))::int AS open
     FROM delivery_logs WHERE subscription_id = $1`,
    [subscriptionId],
    'test_fifo_open_count',
  );
  return row ?? { total: 0, open: 0 };
};

/** Waits for every log of the subscription to be final, moving the clock so retries come due. */
async function settleAll(subscriptionId: string, expected: number, timeoutMs = 60_000) {
  await waitFor(
    async () => {
      const { total, open } = await openCount(subscriptionId);
      return total === expected && open === 0;
    },
    timeoutMs,
    'every FIFO delivery to end',
    { clock, stepMs: RETRY_DELAY_MS },
  );
  return logsOf(subscriptionId);
}

/** Per key, the n of each request in arrival order, and of each answered 2xx. */
function byKey(path: string) {
  const sent = new Map<string, number[]>();
  const delivered = new Map<string, number[]>();
  for (const entry of answered.filter((e) => e.path === path)) {
    sent.set(entry.key, [...(sent.get(entry.key) ?? []), entry.n]);
    if (entry.status < 300) delivered.set(entry.key, [...(delivered.get(entry.key) ?? []), entry.n]);
  }
  return { sent, delivered };
}

const range = (count: number) => Array.from({ length: count }, (_, n) => n);
const isNonDecreasing = (values: number[]) =>
  values.every((value, i) => i === 0 || value >= (values[i - 1] ?? 0));

describe('FIFO delivery in emit order per ordering key', () => {
  it('When 1,000 emits over 20 keys meet a receiver failing ~20 % of first attempts, then each key is delivered in emit order, none twice, none lost', async () => {
    const keys = range(20).map((i) => `cliente-${i}`);
    scripts.set('/fifo-1000', (deliveryId, seen) =>
      seen === 0 && failsFirst('fifo-1000', deliveryId, 0.2) ? { status: 500 } : {},
    );
    const { alias, subscriptionId } = await fifoEvent('/fifo-1000');
    await emitOverKeys(alias, keys, 50);
    const logs = await settleAll(subscriptionId, 1000, 120_000);
    expect(logs.every((log) => log.status === 'SUCCESS')).toBe(true);
    const { sent, delivered } = byKey('/fifo-1000');
    const failures = answered.filter((e) => e.path === '/fifo-1000' && e.status >= 500).length;
    // The seeded receiver did fail some first attempts (about 200 of 1,000).
    expect(failures).toBeGreaterThan(100);
    for (const key of keys) {
      expect(delivered.get(key)).toEqual(range(50));
      // No attempt ever went ahead of an earlier delivery of its key: a retry repeats its own n.
      expect(isNonDecreasing(sent.get(key) ?? [])).toBe(true);
    }
  }, 180_000);

  it('When one key waits on a slow receiver, then the other keys of the subscription are delivered meanwhile', async () => {
    scripts.set('/fifo-slow', (_id, _seen, body) =>
      body.key === 'lento' && body.n === 0 ? { delayMs: 4_000 } : {},
    );
    const { alias, subscriptionId } = await fifoEvent('/fifo-slow');
    await emit(alias, { key: 'lento', n: 0 });
    await emit(alias, { key: 'lento', n: 1 });
    await waitFor(
      () => answered.some((e) => e.path === '/fifo-slow' && e.key === 'lento'),
      10_000,
      'the slow send',
    );
    await emitOverKeys(alias, ['a', 'b', 'c'], 5);
    const others = await waitFor(
      async () => {
        const logs = await logsOf(subscriptionId);
        const done = logs.filter((log) => log.orderingKey !== 'lento' && log.status === 'SUCCESS');
        return done.length === 15 ? logs : null;
      },
      10_000,
      'the other keys',
    );
    // The slow key's first delivery is still in flight, and its second still waits behind it.
    const slow = others.filter((log) => log.orderingKey === 'lento');
    expect(slow.every((log) => log.status === 'PENDING')).toBe(true);
    expect(answered.filter((e) => e.path === '/fifo-slow' && e.key === 'lento').map((e) => e.n)).toEqual([0]);
    await settleAll(subscriptionId, 17);
    expect(byKey('/fifo-slow').delivered.get('lento')).toEqual([0, 1]);
  }, 60_000);

  it('When a FIFO delivery fails for good on a CONTINUE subscription, then its key moves on to the next', async () => {
    scripts.set('/fifo-continue', (_id, _seen, body) => (body.n === 1 ? { status: 500 } : {}));
    const { alias, subscriptionId } = await fifoEvent('/fifo-continue', { fifoOnFailure: 'CONTINUE' }, 1);
    for (let n = 0; n < 4; n++) await emit(alias, { key: 'k', n });
    const logs = await settleAll(subscriptionId, 4);
    expect(logs.filter((log) => log.status === 'FAILED')).toHaveLength(1);
    // Its retries went before anything after it.
    expect(byKey('/fifo-continue').sent.get('k')).toEqual([0, 1, 1, 2, 3]);
  });

  it('When a FIFO delivery fails for good on a HOLD subscription, then its key waits until it is skipped, and other keys go on', async () => {
    scripts.set('/fifo-hold', (_id, _seen, body) =>
      body.key === 'k' && body.n === 1 ? { status: 500 } : {},
    );
    const { alias, subscriptionId } = await fifoEvent('/fifo-hold', { fifoOnFailure: 'HOLD' }, 0);
    for (let n = 0; n < 3; n++) await emit(alias, { key: 'k', n });
    await emit(alias, { key: 'outra', n: 0 });
    const failed = await waitFor(
      async () => (await logsOf(subscriptionId)).find((log) => log.status === 'FAILED'),
      10_000,
      'the failure',
    );
    await waitFor(
      async () =>
        (await logsOf(subscriptionId)).find((log) => log.orderingKey === 'outra' && log.status === 'SUCCESS'),
      10_000,
      'the other key',
    );
    // The held one shows as waiting for the one before it.
    const list = await harness.t.get(`/v1/logs?subscriptionId=${subscriptionId}&status=PENDING`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ orderingKey: 'k', isWaitingForPrevious: true });
    // The subscription's health counts the held key and its oldest waiting delivery.
    const health = await harness.t.get(`/v1/subscriptions/${subscriptionId}/health`);
    expect(health.body.data.fifo).toMatchObject({ heldKeys: 1, oldestHeldAt: expect.any(String) });
    // Nothing after the failure was attempted: only n 0 and 1 reached the receiver for k.
    expect(byKey('/fifo-hold').sent.get('k')).toEqual([0, 1]);

    const refused = await harness.t.post(`/v1/logs/${failed.id}/skip`, { body: { reason: '' } });
    expect(refused.status).toBe(400);
    const skipped = await harness.t.post(`/v1/logs/${failed.id}/skip`, {
      body: { reason: 'pedido cancelado' },
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ id: failed.id, skipReason: 'pedido cancelado' });
    await settleAll(subscriptionId, 4);
    expect(byKey('/fifo-hold').sent.get('k')).toEqual([0, 1, 2]);
    const again = await harness.t.post(`/v1/logs/${failed.id}/skip`, { body: { reason: 'de novo' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      'Apenas entregas FIFO com falha (FAILED) e ainda não puladas podem ser puladas',
    );
    const detail = await harness.t.get(`/v1/logs/${failed.id}`);
    expect(detail.body.data).toMatchObject({
      status: 'FAILED',
      skipReason: 'pedido cancelado',
      orderingKey: 'k',
    });
  });

  it('When an emit names an ordering key for an event that is not FIFO, then it is refused with 400 and nothing is stored', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id);
    const response = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': harness.app.apiKey },
      body: { eventType: event.alias, applicationId: harness.app.id, data: { n: 1 }, orderingKey: 'k' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('orderingKey só é aceito em eventos com fila FIFO');
    const tooLong = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': harness.app.apiKey },
      body: {
        eventType: event.alias,
        applicationId: harness.app.id,
        data: { n: 1 },
        orderingKey: 'x'.repeat(256),
      },
    });
    expect(tooLong.status).toBe(400);
  });

  it('When a non-FIFO delivery is skipped, then the answer is 409 in pt-BR', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 0 });
    scripts.set('/not-fifo', () => ({ status: 500 }));
    const { id } = await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/not-fifo`,
    });
    await emit(event.alias, { key: 'x', n: 0 }, null);
    const [log] = await settleAll(id, 1);
    const response = await harness.t.post(`/v1/logs/${log?.id}/skip`, { body: { reason: 'motivo' } });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Apenas entregas de eventos FIFO podem ser puladas');
  });

  it('When an emit of a FIFO event names no key, then its whole stream is one key', async () => {
    const { alias, subscriptionId } = await fifoEvent('/fifo-nokey');
    scripts.set('/fifo-nokey', (_id, seen, body) => (seen === 0 && body.n === 0 ? { status: 500 } : {}));
    for (let n = 0; n < 3; n++) await emit(alias, { key: 'stream', n }, null);
    const logs = await settleAll(subscriptionId, 3);
    expect(logs.every((log) => log.orderingKey === '')).toBe(true);
    expect(byKey('/fifo-nokey').sent.get('stream')).toEqual([0, 0, 1, 2]);
  });
});

describe('FIFO across worker processes', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.runIf(testBackend === 'postgres')(
    'When two delivery engines share one PostgreSQL, then each key is still delivered in emit order, none twice',
    async () => {
      const url = (harness.t.ctx.database as { url?: string }).url ?? harness.t.ctx.config.DATABASE_URL;
      expect(url).toBeTruthy();
      const database = await openDatabase({ kind: 'postgres', url: url as string, poolSize: 5 });
      const ctx = await createContext(
        testConfig({
          ...ENV,
          DATABASE_URL: url as string,
          WORKER_ID: 'fifo-second',
          SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
        }),
        database,
        {
          clock,
        },
      );
      const engine = startDeliveryEngine(ctx);
      const jobs = scheduleEngineJobs(ctx, engine);
      cleanups.push(async () => {
        await jobs.stop();
        await engine.stop();
        await stopContext(ctx);
      });
      await engine.ready;
      const keys = range(10).map((i) => `par-${i}`);
      scripts.set('/fifo-two', (deliveryId, seen) =>
        seen === 0 && failsFirst('fifo-two', deliveryId, 0.2) ? { status: 500 } : {},
      );
      const { alias, subscriptionId } = await fifoEvent('/fifo-two');
      await emitOverKeys(alias, keys, 30);
      await settleAll(subscriptionId, 300, 120_000);
      const { sent, delivered } = byKey('/fifo-two');
      for (const key of keys) {
        expect(delivered.get(key)).toEqual(range(30));
        expect(isNonDecreasing(sent.get(key) ?? [])).toBe(true);
      }
    },
    180_000,
  );
});
