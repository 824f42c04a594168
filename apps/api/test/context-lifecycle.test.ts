import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopContext } from '../src/create-context';
import { createRoute, createRouteEventType } from './support/automation-fixtures';
import { insertApplication } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

describe('the context dependencies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When a context is built, then its lifecycle names every cache and writer in the order they start', () => {
    expect(t.ctx.lifecycle.names).toEqual([
      'emitTargets',
      'emitRecorder',
      'ingestTargets',
      'rulesCache',
      'rulesSchemas',
      'oauth2Tokens',
    ]);
  });

  it('When the context has stopped, then its ingest-route, rules and emit-rules schema caches still answer, read afresh', async () => {
    const app = await insertApplication(t.ctx);
    const route = await createRoute(t, app.id);
    const eventType = await createRouteEventType(t, route.id);
    await stopContext(t.ctx);

    const rules = await t.ctx.rulesCache.rulesFor(app.id, eventType.alias);
    expect(rules.rules).toEqual([]);
    expect(await t.ctx.ingestTargets.find('no-route-has-this-token')).toBeNull();
    expect(await t.ctx.rulesSchemas.checkingTypes(app.id, eventType.alias)).toEqual([]);
    // A second stop (the server's close after the workers' stop) stops nothing again.
    await stopContext(t.ctx);
  });
});
