import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { createContext } from '../src/create-context';
import { deliveryLogs } from '../src/db/schema';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { openTestDatabase, testBackend } from './support/test-database';
import { waitFor } from './support/wait-for';

const SUBSCRIPTIONS = 50;
const EMITS = 100;
const TOTAL = SUBSCRIPTIONS * EMITS;
const SECRET_KEY = 'crash-test-secret-key-with-32-characters!';
const ADMIN = { email: 'crash@test.local', password: 'crash-secret-1' };

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database the child server can open too: a PostgreSQL database, or a PGlite data dir on disk. */
async function prepareStorage() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SECRET_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ALLOW_PRIVATE_TARGETS: 'true',
    DELIVERY_LEASE_MS: '2000',
    DELIVERY_POLL_MS: '100',
    DELIVERY_RETRY_DELAYS_MS: '50',
  };
  if (testBackend === 'postgres') {
    const database = await openTestDatabase();
    env.DATABASE_URL = database.url as string;
    const ctx = await createContext(testConfig(env), database);
    cleanups.push(() => database.close());
    return { env, ctx, release: async () => {}, reopen: async () => ctx };
  }
  const ctx = await createContext(testConfig(env));
  return {
    env,
    ctx,
    // PGlite is single-process: the test lets go of the data dir while the server owns it.
    release: () => ctx.database.close(),
    reopen: async (): Promise<AppContext> => {
      const reopened = await createContext(testConfig(env));
      cleanups.push(() => reopened.database.close());
      return reopened;
    },
  };
}

describe('crash safety', () => {
  it('When the server is killed while draining, then after a restart every delivery reaches the receiver', async () => {
    const seen = new Set<string>();
    const receiver = await startReceiver((request) => {
      seen.add(String(request.headers['webhook-id']));
      return { status: 200, delayMs: 2 };
    });
    cleanups.push(() => receiver.close());

    const storage = await prepareStorage();
    const app = await insertApplication(storage.ctx);
    const event = await insertEvent(storage.ctx, app.id);
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      await insertSubscription(storage.ctx, event.id, { targetUrl: `${receiver.url}/s${i}` });
    }
    await storage.release();

    let server: ServerProcess = await spawnServer(storage.env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    for (let i = 0; i < EMITS; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        fetch(`${server.url}/v1/events/emit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
          body: JSON.stringify({ eventType: event.alias, applicationId: app.id, data: { n: i + j } }),
        }).then((response) => expect(response.status).toBe(202)),
      );
      await Promise.all(batch);
    }
    await waitFor(() => seen.size >= TOTAL / 10, 30_000, 'a tenth of the deliveries');
    await stopServer(server, 'SIGKILL');
    const seenAtKill = seen.size;
    expect(seenAtKill).toBeLessThan(TOTAL);

    server = await spawnServer(storage.env);
    await waitFor(() => seen.size >= TOTAL, 45_000, 'every delivery after the restart');
    await stopServer(server, 'SIGTERM');

    const ctx = await storage.reopen();
    const logs = await ctx.db.select({ id: deliveryLogs.id, status: deliveryLogs.status }).from(deliveryLogs);
    expect(logs).toHaveLength(TOTAL);
    expect(logs.filter((log) => log.status !== 'SUCCESS')).toEqual([]);
    expect(logs.filter((log) => !seen.has(log.id))).toEqual([]);
  }, 120_000);
});
