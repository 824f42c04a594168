import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { deliveryLogs, endpointCircuits } from '../src/db/schema';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { openTestDatabase } from './support/test-database';
import { waitFor } from './support/wait-for';

const SECRET_KEY = 'deferred-crash-secret-key-with-32-chars!';
const DEFERRED = 30;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('crash while deferred', () => {
  it('When a worker is killed while its endpoint is open-circuited, then after a restart every deferred delivery arrives once', async () => {
    let isFailing = true;
    const receiver = await startReceiver(() => (isFailing ? { status: 503 } : { status: 200 }));
    cleanups.push(() => receiver.close());
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const env: Record<string, string> = {
      DATABASE_URL: database.url as string,
      SECRET_KEY,
      ALLOW_PRIVATE_TARGETS: 'true',
      DELIVERY_POLL_MS: '50',
      DELIVERY_LEASE_MS: '2000',
      DELIVERY_CIRCUIT_FAILURES: '3',
      DELIVERY_CIRCUIT_COOLDOWN_MS: '600000',
      DELIVERY_RETRY_DELAYS_MS: '3600000',
    };
    const ctx = await createContext(testConfig(env), database);
    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id);
    const subscription = await insertSubscription(ctx, event.id, { targetUrl: `${receiver.url}/hook` });

    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const emit = async (n: number) => {
      const response = await fetch(`${server.url}/v1/events/emit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
        body: JSON.stringify({ eventType: event.alias, applicationId: app.id, data: { n } }),
      });
      expect(response.status).toBe(202);
      return ((await response.json()) as { occurrenceId: string }).occurrenceId;
    };
    for (let n = 0; n < 3; n++) await emit(n);
    await waitFor(
      async () => {
        const [row] = await ctx.db
          .select()
          .from(endpointCircuits)
          .where(eq(endpointCircuits.subscriptionId, subscription.id));
        return row?.state === 'OPEN';
      },
      10_000,
      'the circuit to open',
    );
    const deferred = new Set<string>();
    for (let n = 0; n < DEFERRED; n++) deferred.add(await emit(n));
    await stopServer(server, 'SIGKILL');
    const deferredLogs = (
      await ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.subscriptionId, subscription.id))
    ).filter((log) => deferred.has(log.occurrenceId));
    expect(deferredLogs.map((log) => [log.status, log.attemptCount])).toEqual(
      deferredLogs.map(() => ['PENDING', 0]),
    );
    const sentBeforeKill = receiver.requests.length;

    // The cool-down ends (as if its time had passed) while no worker runs; the endpoint is back.
    await ctx.db
      .update(endpointCircuits)
      .set({ openUntil: new Date(Date.now() - 1_000) })
      .where(eq(endpointCircuits.subscriptionId, subscription.id));
    isFailing = false;
    server = await spawnServer(env);
    const final = await waitFor(
      async () => {
        const logs = (
          await ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.subscriptionId, subscription.id))
        ).filter((log) => deferred.has(log.occurrenceId));
        return logs.every((log) => log.status === 'SUCCESS') ? logs : null;
      },
      30_000,
      'the deferred deliveries after the restart',
    );
    expect(final).toHaveLength(DEFERRED);
    expect(final.map((log) => log.attemptCount)).toEqual(final.map(() => 1));
    const arrived = receiver.requests
      .slice(sentBeforeKill)
      .map((request) => String(request.headers['webhook-id']));
    expect(arrived.sort()).toEqual(final.map((log) => log.id).sort());
  }, 90_000);
});
