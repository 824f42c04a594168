import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import type { DatabaseHandle } from '../src/db/client';
import { openDatabase } from '../src/db/open-database';
import { createOwnedEvent } from './support/emit-target-fixture';
import type { TestUser } from './support/owned-application-fixture';
import { createTestApp, type TestApp } from './support/test-app';

// PostgreSQL only (see vitest.config.ts): two processes share one database only on a server.
const SECRET_KEY = 'test-secret-key-with-at-least-32-characters';

let t: TestApp;
let other: FastifyInstance;
let otherDatabase: DatabaseHandle;
let owner: TestUser;
let app: { id: string; apiKey: string };
let event: { id: string; alias: string };

beforeAll(async () => {
  t = await createTestApp({ SECRET_KEY });
  const url = String((t.ctx.database as DatabaseHandle & { url?: string }).url);
  otherDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const otherCtx = await createContext(
    testConfig({ SECRET_KEY, DATA_DIR: t.ctx.config.DATA_DIR }),
    otherDatabase,
  );
  other = await buildApp(otherCtx);
  await other.ready();
  ({ owner, app, event } = await createOwnedEvent(t, 'pedido.pago'));
});

afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await t?.close();
});

/** The connections listening for emit-target changes on the test's database. */
const countEmitTargetListeners = async () =>
  (
    await otherDatabase.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN "wm_emit_targets_changed"%'`,
    )
  )[0]?.n;

/** The connections listening for changes of routes and rules (the ingest-route and rules caches). */
const countRulesListeners = async () =>
  (
    await otherDatabase.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN "wm_rules_changed"%'`,
    )
  )[0]?.n ?? 0;

/** An emit served by the other context, as by another process of the same deployment. */
const emitThroughOther = async (apiKey = app.apiKey) => {
  const response = await other.inject({
    method: 'POST',
    url: '/v1/events/emit',
    headers: { 'x-api-key': apiKey },
    payload: { applicationId: app.id, eventType: event.alias, data: { n: 1 } },
  });
  const body = JSON.parse(response.body);
  return response.statusCode === 202 ? body.deliveries : response.statusCode;
};

describe('the emit target cache across processes on one PostgreSQL', () => {
  it('When subscriptions and the key change through one context, then the other one emits accordingly', async () => {
    // The other context has kept the answer (no subscription) by the time anything changes.
    expect(await emitThroughOther()).toBe(0);
    await expect.poll(countEmitTargetListeners, { timeout: 5_000 }).toBe(1);
    expect(await emitThroughOther()).toBe(0);

    const subscription = await t.post('/v1/subscriptions', {
      token: owner.token,
      body: { eventId: event.id, name: 'S', targetUrl: 'http://127.0.0.1:9/s', jsonBody: '"#data#"' },
    });
    expect(subscription.status).toBe(201);
    await expect.poll(() => emitThroughOther(), { timeout: 5_000 }).toBe(1);

    await t.put(`/v1/subscriptions/${subscription.body.data.id}`, {
      token: owner.token,
      body: { status: 'INACTIVE' },
    });
    await expect.poll(() => emitThroughOther(), { timeout: 5_000 }).toBe(0);

    await t.put(`/v1/subscriptions/${subscription.body.data.id}`, {
      token: owner.token,
      body: { status: 'ACTIVE' },
    });
    await expect.poll(() => emitThroughOther(), { timeout: 5_000 }).toBe(1);

    const old = app.apiKey;
    const rotated = await t.post(`/v1/applications/${app.id}/regenerate-key`, { token: owner.token });
    expect(rotated.status).toBe(200);
    await expect.poll(() => emitThroughOther(old), { timeout: 5_000 }).toBe(401);
    expect(await emitThroughOther(rotated.body.data.apiKey)).toBe(1);

    await t.del(`/v1/events/${event.id}`, { token: owner.token });
    await expect.poll(() => emitThroughOther(rotated.body.data.apiKey), { timeout: 5_000 }).toBe(404);
  });

  it('When the other server closes, then its emit-target and ingest-route caches stop listening', async () => {
    ({ app, event } = await createOwnedEvent(t, 'pedido.enviado'));
    expect(await emitThroughOther()).toBe(0);
    await expect.poll(countEmitTargetListeners, { timeout: 5_000 }).toBe(1);
    // Serving emits only, it listens for no route change; its first ingest request starts that.
    const withoutIngest = await countRulesListeners();
    const unknown = await other.inject({ method: 'POST', url: '/in/no-route-has-this-token/x' });
    expect(unknown.statusCode).toBe(404);
    await expect.poll(countRulesListeners, { timeout: 5_000 }).toBe(withoutIngest + 1);
    await other.close();
    await expect.poll(countEmitTargetListeners, { timeout: 5_000 }).toBe(0);
    await expect.poll(countRulesListeners, { timeout: 5_000 }).toBe(withoutIngest);
  });
});
