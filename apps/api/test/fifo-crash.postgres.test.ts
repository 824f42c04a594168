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

describe('FIFO and a killed worker', () => {
  it('When a worker is killed with SIGKILL mid-stream and another starts, then each key is still delivered in emit order, none lost', async () => {
    const received: Array<{ key: string; n: number }> = [];
    const receiver = await startReceiver((request) => {
      received.push(JSON.parse(request.body) as { key: string; n: number });
      return { status: 200, delayMs: RECEIVER_DELAY_MS };
    });
    cleanups.push(() => receiver.close());

    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const env = {
      ...crashServerEnv({
        name: 'fifo-crash',
        databaseUrl: String(database.url),
        queueName: 'wm-fifo-crash',
      }),
      DELIVERY_POLL_MS: '50',
    };
    const ctx = await createContext(testConfig(env), database);
    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id, { queueType: 'FIFO', maxRetries: 3 });
    const { id: subscriptionId } = await insertSubscription(ctx, event.id, {
      targetUrl: `${receiver.url}/fifo-crash`,
    });

    // The api process does not deliver: the whole stream is stored before any worker runs.
    const api = await spawnServer({ ...env, ROLE: 'api' });
    cleanups.push(() => stopServer(api, 'SIGKILL'));
    await Promise.all(
      KEYS.map(async (key) => {
        for (let n = 0; n < PER_KEY; n++) {
          await postAccepted(api, '/v1/events/emit', app.apiKey, {
            eventType: event.alias,
            applicationId: app.id,
            data: { key, n },
            orderingKey: key,
          });
        }
      }),
    );

    let worker: ServerProcess = await spawnWorker(env);
    cleanups.push(() => stopServer(worker, 'SIGKILL'));
    await waitFor(() => received.length >= KILL_AFTER_RECEIVED, 30_000, 'the first deliveries');
    await stopServer(worker, 'SIGKILL');
    const receivedAtKill = received.length;
    expect(receivedAtKill).toBeLessThan(TOTAL);

    worker = await spawnWorker(env);
    const isSettled = async () => {
      const logs = await ctx.db
        .select({ status: deliveryLogs.status })
        .from(deliveryLogs)
        .where(eq(deliveryLogs.subscriptionId, subscriptionId));
      return logs.length === TOTAL && logs.every((log) => log.status === 'SUCCESS');
    };
    await waitFor(isSettled, 30_000, 'every FIFO delivery to succeed after the restart');
    await stopServer(worker, 'SIGTERM');

    for (const key of KEYS) {
      const sent = received.filter((entry) => entry.key === key).map((entry) => entry.n);
      expect(collapseRepeats(sent)).toEqual(Array.from({ length: PER_KEY }, (_, n) => n));
    }
    // At most one send per key was in flight at the kill, so at most that many came twice.
    expect(received.length - TOTAL).toBeLessThanOrEqual(KEYS.length);
  }, 90_000);
});
