import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOwnedEvent } from './support/emit-target-fixture';
import type { TestUser } from './support/owned-application-fixture';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let owner: TestUser;
let app: { id: string; apiKey: string };
let event: { id: string; alias: string };
let targetReads = 0;

beforeAll(async () => {
  t = await createTestApp();
  const query = t.ctx.database.query.bind(t.ctx.database);
  vi.spyOn(t.ctx.database, 'query').mockImplementation((text, params, name) => {
    if (name === 'load_emit_targets') targetReads += 1;
    return query(text, params, name);
  });
  ({ owner, app, event } = await createOwnedEvent(t, 'pedido.criado'));
});

afterAll(async () => {
  await t?.close();
});

const emit = (apiKey = app.apiKey) =>
  t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': apiKey },
    body: { applicationId: app.id, eventType: event.alias, data: { n: 1 } },
  });

const subscribe = (path: string) =>
  t.post('/v1/subscriptions', {
    token: owner.token,
    body: { eventId: event.id, name: path, targetUrl: `http://127.0.0.1:9${path}`, jsonBody: '"#data#"' },
  });

describe('the emit target cache in one process', () => {
  it('When nothing changes, then repeated emits do not read the target again', async () => {
    await expect
      .poll(async () => {
        const before = targetReads;
        expect((await emit()).status).toBe(202);
        return targetReads - before;
      })
      .toBe(0);
  });

  it('When a subscription is created, changed or deleted through the API, then the next emit follows at once', async () => {
    const subscription = await subscribe('/primeira');
    expect(subscription.status).toBe(201);
    expect((await emit()).body.deliveries).toBe(1);
    expect((await emit()).body.deliveries).toBe(1);

    await t.put(`/v1/subscriptions/${subscription.body.data.id}`, {
      token: owner.token,
      body: { status: 'INACTIVE' },
    });
    expect((await emit()).body.deliveries).toBe(0);

    await t.put(`/v1/subscriptions/${subscription.body.data.id}`, {
      token: owner.token,
      body: { status: 'ACTIVE' },
    });
    expect((await emit()).body.deliveries).toBe(1);

    await t.del(`/v1/subscriptions/${subscription.body.data.id}`, { token: owner.token });
    expect((await emit()).body.deliveries).toBe(0);
  });

  it('When the event is deactivated, then the next emit is refused at once', async () => {
    await t.put(`/v1/events/${event.id}`, { token: owner.token, body: { status: 'INACTIVE' } });
    expect((await emit()).status).toBe(409);
    await t.put(`/v1/events/${event.id}`, { token: owner.token, body: { status: 'ACTIVE' } });
    expect((await emit()).status).toBe(202);
  });

  it('When a wrong key was tried, then the right one still emits, and the wrong one stays refused', async () => {
    expect((await emit('wm_wrong-key')).status).toBe(401);
    expect((await emit()).status).toBe(202);
    expect((await emit('wm_wrong-key')).status).toBe(401);
  });

  it('When the API key is rotated, then the old key is refused at once and the new one emits', async () => {
    const old = app.apiKey;
    expect((await emit(old)).status).toBe(202);
    const rotated = await t.post(`/v1/applications/${app.id}/regenerate-key`, { token: owner.token });
    expect(rotated.status).toBe(200);
    expect((await emit(old)).status).toBe(401);
    app = { ...app, apiKey: rotated.body.data.apiKey };
    expect((await emit()).status).toBe(202);
  });
});
