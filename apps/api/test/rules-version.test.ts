import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_CHANNELS } from '../src/db/change-channel';
import { createRulesCache } from '../src/pipeline/rules-cache';
import type { RulesCache } from '../src/pipeline/rules-dependencies';
import { createRoute, createRouteEventType, createRule } from './support/automation-fixtures';
import { insertApplication } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

describe('the rules version that orders a rule change before the messages queued after it', () => {
  let t: TestApp;
  let app: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    app = await insertApplication(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readVersion = async () => {
    const [row] = await t.ctx.database.query<{ version: number }>(
      'SELECT version::float8 AS version FROM change_versions WHERE channel = $1',
      [CHANGE_CHANNELS.rules],
    );
    return Number(row?.version);
  };

  /** A change committed with every trigger off: nothing counts it and no process hears of it. */
  const renameUnheard = (ruleId: string, name: string) =>
    t.ctx.database.inScriptTransaction(async (tx) => {
      await tx.exec('SET LOCAL session_replication_role = replica');
      await tx.query('UPDATE rules SET name = $1 WHERE id = $2', [name, ruleId]);
    });

  it('When rules, routes or event types change, then each committed transaction counts once and a rolled-back one not at all', async () => {
    const route = await createRoute(t, app.id);
    const eventType = await createRouteEventType(t, route.id);
    await createRule(t, route, eventType);
    await createRule(t, route, eventType);

    const before = await readVersion();
    const third = await createRule(t, route, eventType);
    expect(await readVersion()).toBe(before + 1);

    await t.put(`/v1/event-rules/${third.id}`, { body: { name: 'Renomeada' } });
    expect(await readVersion()).toBe(before + 2);

    await t.put(`/v1/route-event-types/${eventType.id}`, { body: { isActive: false } });
    expect(await readVersion()).toBe(before + 3);

    await expect(
      t.ctx.database.inScriptTransaction(async (tx) => {
        await tx.query('UPDATE rules SET name = $1 WHERE route_id = $2', ['Desfeita', route.id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readVersion()).toBe(before + 3);

    // The cascade deletes the event type and three rules: still one transaction, one count.
    const deleted = await t.del(`/v1/routes/${route.id}`);
    expect(deleted.status).toBe(204);
    expect(await readVersion()).toBe(before + 4);
  });

  describe('a rules cache', () => {
    let cache: RulesCache;

    beforeAll(() => {
      cache = createRulesCache(t.ctx);
    });
    afterAll(async () => {
      await cache?.stop();
    });

    it('When a message read a newer version than the cache has heard of, then the cache reloads without waiting for the notification', async () => {
      const route = await createRoute(t, app.id);
      const eventType = await createRouteEventType(t, route.id);
      const rule = await createRule(t, route, eventType, { name: 'Antes' });
      const version = await readVersion();
      const names = async (atLeastVersion: number) =>
        (await cache.rulesFor(app.id, eventType.alias, atLeastVersion)).rules.map((item) => item.name);

      // Kept once the cache listens and the creation's notification has come and gone.
      await waitFor(
        async () => {
          const once = await cache.rulesFor(app.id, eventType.alias, version);
          return once === (await cache.rulesFor(app.id, eventType.alias, version));
        },
        5_000,
        'the cache to keep the rules',
      );
      await renameUnheard(rule.id, 'Depois');
      expect(await names(version)).toEqual(['Antes']);

      // What the counting trigger does at commit, without the notification that would follow it.
      await t.ctx.database.query('UPDATE change_versions SET version = version + 1 WHERE channel = $1', [
        CHANGE_CHANNELS.rules,
      ]);
      expect(await names(version + 1)).toEqual(['Depois']);
    });
  });
});
