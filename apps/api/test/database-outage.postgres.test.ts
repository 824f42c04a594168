import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { deliveryLogs } from '../src/db/schema';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { startUrlProxy } from './support/tcp-proxy';
import { openTestDatabase } from './support/test-database';
import { waitFor } from './support/wait-for';

// PostgreSQL only (see vitest.config.ts): the server reaches its database through a TCP proxy
// the test breaks mid-drain, as a PostgreSQL restart or a network partition would.
const SUBSCRIPTIONS = 40;
const EMITS = 50;
const TOTAL = SUBSCRIPTIONS * EMITS;
const OUTAGE_MS = 5_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const readiness = async (url: string) =>
  fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    () => 0,
  );

describe('PostgreSQL outage', () => {
  it('When the database drops mid-drain, then /readyz says 503, and afterwards 200 and every delivery arrived and ended SUCCESS', async () => {
    const arrivals = new Map<string, number>();
    const receiver = await startReceiver((request) => {
      const id = String(request.headers['webhook-id']);
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
      return { status: 200, delayMs: 20 };
    });
    cleanups.push(() => receiver.close());

    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const direct = database.url as string;
    const { proxy, url: throughProxy } = await startUrlProxy(direct, 5432);
    cleanups.push(() => proxy.close());

    const env = {
      DATABASE_URL: throughProxy,
      SECRET_KEY: 'outage-test-secret-key-with-32-characters',
      ADMIN_EMAIL: 'outage@test.local',
      ADMIN_PASSWORD: 'outage-secret-1',
      ALLOW_PRIVATE_TARGETS: 'true',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '3000',
      DELIVERY_LEASE_MS: '3000',
      DELIVERY_POLL_MS: '100',
      DELIVERY_RETRY_DELAYS_MS: '100',
      // A drain of a few seconds, so the cut lands in its middle.
      DELIVERY_CONCURRENCY: '16',
      DELIVERY_BATCH_SIZE: '20',
    };
    // The test's own connection goes straight to PostgreSQL: it sees the data through the outage.
    const ctx = await createContext(testConfig({ ...env, DATABASE_URL: direct }), database);
    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id);
    for (let index = 0; index < SUBSCRIPTIONS; index++) {
      await insertSubscription(ctx, event.id, { targetUrl: `${receiver.url}/s${index}` });
    }

    const server: ServerProcess = await spawnServer(env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    expect(await readiness(server.url)).toBe(200);
    for (let index = 0; index < EMITS; index += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, offset) =>
          fetch(`${server.url}/v1/events/emit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
            body: JSON.stringify({
              eventType: event.alias,
              applicationId: app.id,
              data: { n: index + offset },
            }),
          }).then((response) => response.status),
        ),
      );
      expect(answers).toEqual(answers.map(() => 202));
    }
    await waitFor(() => arrivals.size >= TOTAL / 10, 30_000, 'the drain to be under way');

    proxy.cut();
    const seenDuringOutage: number[] = [];
    const emitDuringOutage = await fetch(`${server.url}/v1/events/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
      body: JSON.stringify({ eventType: event.alias, applicationId: app.id, data: { n: -1 } }),
    });
    // Samples /readyz through the whole outage (not a wait for something): a probe every 250 ms.
    for (let probe = 0; probe < OUTAGE_MS / 250; probe++) {
      seenDuringOutage.push(await readiness(server.url));
      await new Promise((done) => setTimeout(done, 250));
    }
    const arrivedBeforeRestore = arrivals.size;
    proxy.restore();

    expect(emitDuringOutage.status).toBe(503);
    expect(seenDuringOutage).toContain(503);
    expect(seenDuringOutage).not.toContain(200);
    expect(arrivedBeforeRestore).toBeLessThan(TOTAL);
    await waitFor(async () => (await readiness(server.url)) === 200, 15_000, '/readyz to answer 200 again');
    await waitFor(() => arrivals.size >= TOTAL, 60_000, 'every delivery to arrive');
    const logs = await waitFor(
      async () => {
        const rows = await ctx.db
          .select({ id: deliveryLogs.id, status: deliveryLogs.status })
          .from(deliveryLogs);
        return rows.length === TOTAL && rows.every((row) => row.status === 'SUCCESS') ? rows : null;
      },
      30_000,
      'every delivery to end SUCCESS',
    );
    await stopServer(server, 'SIGTERM');

    // At least once: each delivery arrived under its own webhook-id. Results sent but not yet
    // recorded when the database went away are sent again after their lease: repeats, not losses.
    expect(new Set(logs.map((log) => log.id))).toEqual(new Set(arrivals.keys()));
    const duplicates = [...arrivals.values()].reduce((sum, times) => sum + times - 1, 0);
    console.info(
      `database outage: ${TOTAL} deliveries, ${arrivedBeforeRestore} arrived before the database came back, ${duplicates} repeated at the receiver`,
    );
  }, 150_000);
});
