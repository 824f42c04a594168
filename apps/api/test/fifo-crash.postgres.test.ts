import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { deliveryLogs } from '../src/db/schema';
import { crashServerEnv, postAccepted } from './support/crash-emitter';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, spawnWorker, stopServer } from './support/server-process';
import { openTestDatabase } from './support/test-database';
import { waitFor } from './support/wait-for';

// PostgreSQL only: an `--role api` process takes the emits, `--role worker` processes deliver, and
// the test kills a worker with SIGKILL mid-stream. FIFO deliveries are never handed over in-process,
// so every one of them goes through the per-key claim a second worker picks up after the kill.
const KEYS = ['pedido-a', 'pedido-b', 'pedido-c', 'pedido-d'];
const PER_KEY = 40;
const TOTAL = KEYS.length * PER_KEY;
const KILL_AFTER_RECEIVED = 50;
// A slow-ish receiver keeps one send per key in flight most of the time, so the kill cuts some off.
const RECEIVER_DELAY_MS = 15;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The rule checked per key, on the n of each request the receiver got, in arrival order: with each
 * run of the same n collapsed to one, it is exactly 0, 1, … PER_KEY-1. So nothing is lost, nothing
 * goes ahead of an earlier emit, and the only duplicate allowed (at-least-once: the worker died
 * after the receiver answered but before the result was recorded) is the same delivery again,
 * immediately after itself.
 */
function collapseRepeats(values: number[]) {
  return values.filter((value, i) => i === 0 || value !== values[i - 1]);
}

/**
 * A FIFO event with one subscription to `receiverUrl`, and `perKey` emits of each key stored through
 * an `--role api` process (which delivers nothing) before any worker runs; `data` is `{key, n}`.
 */
async function storeFifoStream(name: string, receiverUrl: string, keys: string[], perKey: number) {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const env = {
    ...crashServerEnv({ name, databaseUrl: String(database.url), queueName: `wm-${name}` }),
    DELIVERY_POLL_MS: '50',
  };
  const ctx = await createContext(testConfig(env), database);
  const app = await insertApplication(ctx);
  const event = await insertEvent(ctx, app.id, { queueType: 'FIFO', maxRetries: 3 });
  const { id: subscriptionId } = await insertSubscription(ctx, event.id, {
    targetUrl: `${receiverUrl}/${name}`,
  });
  const api = await spawnServer({ ...env, ROLE: 'api' });
  cleanups.push(() => stopServer(api, 'SIGKILL'));
  await Promise.all(
    keys.map(async (key) => {
      for (let n = 0; n < perKey; n++) {
        await postAccepted(api, '/v1/events/emit', app.apiKey, {
          eventType: event.alias,
          applicationId: app.id,
          data: { key, n },
          orderingKey: key,
        });
      }
    }),
  );
  const isSettled = async () => {
    const logs = await ctx.db
      .select({ status: deliveryLogs.status })
      .from(deliveryLogs)
      .where(eq(deliveryLogs.subscriptionId, subscriptionId));
    return logs.length === keys.length * perKey && logs.every((log) => log.status === 'SUCCESS');
  };
  return { ctx, env, subscriptionId, isSettled };
}

describe('FIFO across worker processes', () => {
  it('When a worker is killed with SIGKILL mid-stream and another starts, then each key is still delivered in emit order, none lost', async () => {
    const received: Array<{ key: string; n: number }> = [];
    const receiver = await startReceiver((request) => {
      received.push(JSON.parse(request.body) as { key: string; n: number });
      return { status: 200, delayMs: RECEIVER_DELAY_MS };
    });
    cleanups.push(() => receiver.close());

    const { env, isSettled } = await storeFifoStream('fifo-crash', receiver.url, KEYS, PER_KEY);

    let worker: ServerProcess = await spawnWorker(env);
    cleanups.push(() => stopServer(worker, 'SIGKILL'));
    await waitFor(() => received.length >= KILL_AFTER_RECEIVED, 30_000, 'the first deliveries');
    await stopServer(worker, 'SIGKILL');
    const receivedAtKill = received.length;
    expect(receivedAtKill).toBeLessThan(TOTAL);

    worker = await spawnWorker(env);
    await waitFor(isSettled, 30_000, 'every FIFO delivery to succeed after the restart');
    await stopServer(worker, 'SIGTERM');

    for (const key of KEYS) {
      const sent = received.filter((entry) => entry.key === key).map((entry) => entry.n);
      expect(collapseRepeats(sent)).toEqual(Array.from({ length: PER_KEY }, (_, n) => n));
    }
    // At most one send per key was in flight at the kill, so at most that many came twice.
    expect(received.length - TOTAL).toBeLessThanOrEqual(KEYS.length);
  }, 90_000);

  it('When two worker processes deliver one FIFO stream at once and a fifth of first attempts fail, then no key ever has two sends in flight and each key succeeds in emit order, none lost, none twice', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `cliente-${i}`);
    const perKey = 20;
    const inFlight = new Map<string, number>();
    const tried = new Set<string>();
    const succeeded: Array<{ key: string; n: number }> = [];
    let overlaps = 0;
    const receiver = await startReceiver((request) => {
      const entry = JSON.parse(request.body) as { key: string; n: number };
      const busy = inFlight.get(entry.key) ?? 0;
      if (busy > 0) overlaps++;
      // Counted busy until its answer goes, RECEIVER_DELAY_MS later.
      inFlight.set(entry.key, busy + 1);
      setTimeout(() => inFlight.set(entry.key, (inFlight.get(entry.key) ?? 1) - 1), RECEIVER_DELAY_MS);
      const attempt = `${entry.key}/${entry.n}`;
      const isFirstTry = !tried.has(attempt);
      tried.add(attempt);
      // A fixed fifth of the deliveries fail their first attempt (the same ones every run).
      if (isFirstTry && (entry.n * 7 + Number(entry.key.split('-')[1])) % 5 === 0) {
        return { status: 503, delayMs: RECEIVER_DELAY_MS };
      }
      succeeded.push(entry);
      return { status: 200, delayMs: RECEIVER_DELAY_MS };
    });
    cleanups.push(() => receiver.close());
    const { env, isSettled } = await storeFifoStream('fifo-two-workers', receiver.url, keys, perKey);

    // Each its own WORKER_ID: two live processes under one name would take each other's leases at start.
    const workers = await Promise.all(
      ['a', 'b'].map((name) => spawnWorker({ ...env, WORKER_ID: `fifo-worker-${name}` })),
    );
    for (const worker of workers) cleanups.push(() => stopServer(worker, 'SIGKILL'));
    await waitFor(isSettled, 60_000, 'every FIFO delivery to succeed with two workers');
    await Promise.all(workers.map((worker) => stopServer(worker, 'SIGTERM')));

    expect(overlaps).toBe(0);
    for (const key of keys) {
      const order = succeeded.filter((entry) => entry.key === key).map((entry) => entry.n);
      expect(order).toEqual(Array.from({ length: perKey }, (_, n) => n));
    }
    expect(tried.size).toBe(keys.length * perKey);
  }, 120_000);
});
