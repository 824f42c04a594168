import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { createContext, stopContext } from '../src/create-context';
import type { DatabaseHandle } from '../src/db/client';
import { openDatabase } from '../src/db/open-database';
import { eventLogs } from '../src/db/schema';
import type { RulesCache } from '../src/pipeline/rules-dependencies';
import { createRoute, createRouteEventType } from './support/automation-fixtures';
import { insertApplication, type Receiver, startReceiver } from './support/delivery-fixtures';
import type { TestUser } from './support/owned-application-fixture';
import { type ServerProcess, spawnWorker } from './support/server-process';
import { createTestApp, type TestApp } from './support/test-app';
import { uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

// PostgreSQL only (see vitest.config.ts): two processes share one database only on a server.
const SECRET_KEY = 'test-secret-key-with-at-least-32-characters';

describe('the rules cache across processes on one PostgreSQL', () => {
  let t: TestApp;
  let owner: TestUser;
  let app: { id: string; apiKey: string };
  let route: { id: string; applicationId: string };
  let eventType: { id: string; alias: string };
  let receiver: Receiver;
  let url: string;
  const queueName = uniqueQueueName('wm-rules-cache');

  beforeAll(async () => {
    // This process serves the API only: every rules message is run by the other one.
    t = await createTestApp({ QUEUE_NAME: queueName, SECRET_KEY });
    url = String((t.ctx.database as DatabaseHandle & { url?: string }).url);
    receiver = await startReceiver();
    owner = await t.createUser();
    app = await insertApplication(t.ctx, { ownerId: owner.id });
    route = await createRoute(t, app.id, {}, owner.token);
    eventType = await createRouteEventType(t, route.id, { alias: 'message.text.received' }, owner.token);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  async function linkedEvent(path: string) {
    const event = await t.post('/v1/events', {
      token: owner.token,
      body: { applicationId: app.id, name: path, alias: `cache${path.replaceAll('/', '.')}` },
    });
    await t.post('/v1/subscriptions', {
      token: owner.token,
      body: {
        eventId: event.body.data.id,
        name: 'R',
        targetUrl: `${receiver.url}${path}`,
        jsonBody: '"#data#"',
      },
    });
    return event.body.data;
  }

  const conditions = (operator: string, value: string) => ({
    rules: [{ field: 'data.message.text', operator, values: [value] }],
  });

  describe('in two contexts of this process', () => {
    let other: AppContext;
    let otherDatabase: DatabaseHandle;
    let cache: RulesCache;

    beforeAll(async () => {
      otherDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
      other = await createContext(testConfig({ SECRET_KEY, DATA_DIR: t.ctx.config.DATA_DIR }), otherDatabase);
      cache = other.rulesCache;
      // The context's cache listens from its first read.
      await cache.rulesFor(app.id, eventType.alias);
      await waitFor(
        async () =>
          (
            await otherDatabase.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
            )
          )[0]?.n,
        5_000,
        'the cache to listen',
      );
    });
    afterAll(async () => {
      if (other) await stopContext(other);
      await other?.queue?.close({ graceMs: 100 });
      await otherDatabase?.close();
    });

    it('When nothing changes the cache answers the same compiled rules; a change made by the other context replaces them', async () => {
      const rule = await t.post('/v1/event-rules', {
        token: owner.token,
        body: {
          name: 'Em cache',
          applicationId: app.id,
          routeId: route.id,
          routeEventTypeId: eventType.id,
          conditions: conditions('EQUALS', 'a'),
        },
      });
      // Once the notification of the creation has come and gone, the same compiled rules are answered.
      const first = await waitFor(
        async () => {
          const once = await cache.rulesFor(app.id, eventType.alias);
          const twice = await cache.rulesFor(app.id, eventType.alias);
          return once === twice && once.rules.some((item) => item.name === 'Em cache') ? once : null;
        },
        5_000,
        'the cache to keep the compiled rules',
      );
      expect(await cache.rulesFor(app.id, eventType.alias)).toBe(first);

      await t.put(`/v1/event-rules/${rule.body.data.id}`, {
        token: owner.token,
        body: { name: 'Renomeada' },
      });
      const renamed = await waitFor(
        async () => {
          const current = await cache.rulesFor(app.id, eventType.alias);
          return current.rules.some((item) => item.name === 'Renomeada') ? current : null;
        },
        5_000,
        'the other context to see the change',
      );
      expect(renamed).not.toBe(first);

      await t.del(`/v1/routes/${route.id}`, { token: owner.token }).then(() => undefined);
      await waitFor(
        async () => (await cache.rulesFor(app.id, eventType.alias)).rules.length === 0,
        5_000,
        'the cascade to reach the other context',
      );
      route = await createRoute(t, app.id, {}, owner.token);
      eventType = await createRouteEventType(t, route.id, { alias: 'message.text.received' }, owner.token);
    });
  });

  describe('in a worker process', () => {
    let worker: ServerProcess;

    beforeAll(async () => {
      worker = await spawnWorker({
        DATABASE_URL: url,
        SECRET_KEY,
        DATA_DIR: t.ctx.config.DATA_DIR,
        ALLOW_PRIVATE_TARGETS: 'true',
        QUEUE_NAME: queueName,
        QUEUE_POLL_MS: '20',
      });
    }, 90_000);
    afterAll(async () => {
      if (worker && worker.child.exitCode === null) {
        const exited = new Promise((resolve) => worker.child.once('exit', resolve));
        worker.child.kill('SIGTERM');
        await exited;
      }
    });

    const emitAndSettle = async (text: string) => {
      const res = await t.post('/v1/emit-rules', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType: eventType.alias, data: { message: { text } } },
      });
      expect(res.status).toBe(202);
      return waitFor(
        async () => {
          const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, res.body.eventLogId));
          return log && (log.status === 'SUCCESS' || log.status === 'FAILED') ? log : null;
        },
        20_000,
        'the worker process to settle the log',
      );
    };
    const bodiesAt = (path: string) =>
      receiver.requests.filter((request) => request.url === path).map((request) => JSON.parse(request.body));

    it('When rules, links and routes change in this process, then the worker process runs the changed rules', async () => {
      const first = await linkedEvent('/primeiro');
      const second = await linkedEvent('/segundo');
      const rule = await t.post('/v1/event-rules', {
        token: owner.token,
        body: {
          name: 'Entre processos',
          applicationId: app.id,
          routeId: route.id,
          routeEventTypeId: eventType.id,
          eventId: first.id,
          conditions: conditions('CONTAINS_ANY', 'ajuda'),
        },
      });
      expect((await emitAndSettle('preciso de ajuda')).status).toBe('SUCCESS');
      await waitFor(() => bodiesAt('/primeiro').length === 1, 10_000, 'the first delivery');

      await t.put(`/v1/event-rules/${rule.body.data.id}`, {
        token: owner.token,
        body: { conditions: conditions('EQUALS', 'socorro') },
      });
      expect((await emitAndSettle('preciso de ajuda')).status).toBe('SUCCESS');
      expect((await emitAndSettle('socorro')).status).toBe('SUCCESS');
      await waitFor(() => bodiesAt('/primeiro').length === 2, 10_000, 'the delivery under the new condition');
      expect(bodiesAt('/primeiro')[1]).toEqual({ message: { text: 'socorro' } });

      await t.post(`/v1/event-rules/${rule.body.data.id}/link-event`, {
        token: owner.token,
        body: { eventId: second.id },
      });
      expect((await emitAndSettle('socorro')).status).toBe('SUCCESS');
      await waitFor(
        () => bodiesAt('/segundo').length === 1,
        10_000,
        'the delivery to the newly linked event',
      );

      // Deleting the event unlinks it by a foreign-key cascade, which no service call announces.
      await t.del(`/v1/events/${second.id}`, { token: owner.token });
      const unlinked = await emitAndSettle('socorro');
      expect(unlinked).toMatchObject({
        status: 'FAILED',
        errorMessage: 'Falha na regra "Entre processos": Regra sem evento vinculado',
      });

      await t.put(`/v1/routes/${route.id}`, { token: owner.token, body: { isActive: false } });
      expect((await emitAndSettle('socorro')).status).toBe('SUCCESS');
      expect(bodiesAt('/primeiro')).toHaveLength(2);
      expect(bodiesAt('/segundo')).toHaveLength(1);
    }, 90_000);

    it('When a rule change committed before an emit has not reached the worker by notification, then the worker still runs the changed rule', async () => {
      route = await createRoute(t, app.id, {}, owner.token);
      eventType = await createRouteEventType(t, route.id, { alias: 'message.text.received' }, owner.token);
      const third = await linkedEvent('/terceiro');
      const rule = await t.post('/v1/event-rules', {
        token: owner.token,
        body: {
          name: 'Sem aviso',
          applicationId: app.id,
          routeId: route.id,
          routeEventTypeId: eventType.id,
          eventId: third.id,
          conditions: conditions('EQUALS', 'ola'),
        },
      });
      expect((await emitAndSettle('ola')).status).toBe('SUCCESS');
      await waitFor(
        () => bodiesAt('/terceiro').length === 1,
        10_000,
        'the delivery under the first condition',
      );

      // The change with every trigger off (no count, no notification), then the count alone: what a
      // commit looks like to a worker whose notification is still on its way.
      await t.ctx.database.inScriptTransaction(async (tx) => {
        await tx.exec('SET LOCAL session_replication_role = replica');
        await tx.query(
          `UPDATE rules SET conditions = jsonb_set(conditions, '{rules,0,values}', '["tchau"]') WHERE id = $1`,
          [rule.body.data.id],
        );
      });
      await t.ctx.database.query(
        `UPDATE change_versions SET version = version + 1 WHERE channel = 'wm_rules_changed'`,
      );

      expect((await emitAndSettle('tchau')).status).toBe('SUCCESS');
      await waitFor(
        () => bodiesAt('/terceiro').length === 2,
        10_000,
        'the delivery under the changed condition',
      );
      expect(bodiesAt('/terceiro')[1]).toEqual({ message: { text: 'tchau' } });
    }, 60_000);
  });
});
