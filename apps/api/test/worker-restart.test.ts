import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { deliveryLogs } from '../src/db/schema';
import { type DeliveryEngine, startDeliveryEngine } from '../src/delivery/engine';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  type Receiver,
  startReceiver,
} from './support/delivery-fixtures';
import { createFakeClock } from './support/fake-clock';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { createTestApp, type TestApp } from './support/test-app';
import { openTestDatabase, testBackend } from './support/test-database';
import { waitFor } from './support/wait-for';

/**
 * A worker that dies mid-send leaves its deliveries leased (DELIVERY_LEASE_MS, 60 s by default).
 * Its next incarnation (same WORKER_ID) takes them back at start: they go out again at once, with
 * the clock standing still, instead of a lease later.
 */
describe('a restarted worker takes back its own leases', () => {
  const clock = createFakeClock();
  let t: TestApp;
  let receiver: Receiver;
  const engines: DeliveryEngine[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DELIVERY_POLL_MS: '20', WORKER_ID: 'worker-1' }, { clock });
    // The first incarnation's request never gets an answer: it dies with the send in flight.
    receiver = await startReceiver((_request, index) =>
      index === 0 ? { delayMs: 600_000 } : { status: 200 },
    );
  });

  afterAll(async () => {
    for (const engine of engines) await engine.stop({ graceMs: 100 });
    await receiver?.close();
    await t?.close();
  });

  it('When the worker dies with a delivery in flight and starts again, then the delivery goes out at once, not a lease later', async () => {
    const app = await insertApplication(t.ctx);
    const event = await insertEvent(t.ctx, app.id);
    await insertSubscription(t.ctx, event.id, { targetUrl: `${receiver.url}/hook` });
    const first = startDeliveryEngine(t.ctx);
    engines.push(first);
    await first.ready;
    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { n: 1 } },
    });
    expect(emitted.status).toBe(202);
    await waitFor(() => receiver.requests[0], 10_000, 'the first send');
    const [leased] = await t.ctx.db
      .select()
      .from(deliveryLogs)
      .where(eq(deliveryLogs.occurrenceId, emitted.body.occurrenceId));
    expect(leased?.leasedBy).toBe(first.workerId);
    expect(leased?.leaseUntil?.getTime()).toBe(clock().getTime() + 60_000);

    // The first incarnation is never heard from again (its send hangs); the next one starts.
    const second = startDeliveryEngine(t.ctx);
    engines.push(second);
    expect(second.workerId).not.toBe(first.workerId);
    const settled = await waitFor(
      async () => {
        const [log] = await t.ctx.db
          .select()
          .from(deliveryLogs)
          .where(eq(deliveryLogs.id, leased?.id ?? ''));
        return log?.status === 'SUCCESS' ? log : null;
      },
      10_000,
      'the delivery to be sent again',
    );
    expect(settled.attemptCount).toBe(1);
    expect(receiver.requests).toHaveLength(2);
    // Not a millisecond of the 60 s lease had to pass.
    expect(clock().getTime()).toBe(leased?.createdAt.getTime());
  });
});

/**
 * The same through real processes: the server is SIGKILLed with a delivery in flight (the default
 * 60 s lease) and started again on the same data. Measures the time from the kill to the second
 * send, which includes the new process's start; before, it was at least the lease.
 */
describe('a server killed mid-send and started again', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('When the server is SIGKILLed with a delivery in flight, then after its restart the delivery goes out within seconds, not after the 60 s lease', async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? { delayMs: 600_000 } : {}));
    cleanups.push(() => receiver.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'wm-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SECRET_KEY: 'restart-test-secret-key-with-32-characters',
      ALLOW_PRIVATE_TARGETS: 'true',
      DELIVERY_POLL_MS: '100',
    };
    const database = testBackend === 'postgres' ? await openTestDatabase() : undefined;
    if (database) {
      env.DATABASE_URL = database.url as string;
      cleanups.push(() => database.close());
    }
    const ctx = await createContext(testConfig(env), database);
    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id);
    await insertSubscription(ctx, event.id, { targetUrl: `${receiver.url}/hook` });
    // PGlite is single-process: the test lets go of the data dir while the server owns it.
    if (!database) await ctx.database.close();

    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const emitted = await fetch(`${server.url}/v1/events/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
      body: JSON.stringify({ eventType: event.alias, applicationId: app.id, data: { n: 1 } }),
    });
    expect(emitted.status).toBe(202);
    await waitFor(() => receiver.requests[0], 10_000, 'the first send');
    await stopServer(server, 'SIGKILL');
    // A measured duration on the monotonic timer, not a time of day.
    const killedAt = performance.now();
    server = await spawnServer(env);
    await waitFor(() => receiver.requests[1], 50_000, 'the send after the restart');
    // Wide room for a slow start on a busy machine, still before the 60 s lease would have let it go.
    expect(performance.now() - killedAt).toBeLessThan(45_000);
    await stopServer(server, 'SIGTERM');
  }, 90_000);
});
