import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRoute,
  createRouteEventType,
  createRouteField,
  createRule,
} from './support/automation-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * One rule for every PUT: a field absent from the body keeps its value; null clears it where the
 * field may be empty. Each resource: PUT with one other field leaves the rest as it was, then PUT
 * with null clears the nullable one.
 */
describe('PUT: absent keeps, null clears', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<TestApp['createUser']>>;
  let applicationId: string;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    const application = await t.post('/v1/applications', { body: { name: 'Loja' }, token: owner.token });
    expect(application.status).toBe(201);
    applicationId = application.body.data.id;
    const event = await t.post('/v1/events', {
      token: owner.token,
      body: { applicationId, name: 'Pedido pago', alias: 'order.paid' },
    });
    expect(event.status).toBe(201);
    eventId = event.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = async (url: string, body: object, token = owner.token) => {
    const res = await t.put(url, { body, token });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const read = async (url: string, token = owner.token) => {
    const res = await t.get(url, { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('When a subscription is saved without jsonBody or auth, then they are kept; null clears them', async () => {
    const created = await t.post('/v1/subscriptions', {
      token: owner.token,
      body: {
        eventId,
        name: 'ERP',
        targetUrl: 'https://erp.example.com/hooks',
        authType: 'BEARER',
        authDetails: { token: 'abc' },
        jsonBody: '{"id": "#eventId#"}',
        filters: [{ origin: 'BODY', field: 'status', operator: '=', value: 'pago' }],
      },
    });
    expect(created.status).toBe(201);
    const url = `/v1/subscriptions/${created.body.data.id}`;
    await put(url, { name: 'ERP 2' });
    const kept = await read(url);
    expect(kept).toMatchObject({ name: 'ERP 2', authType: 'BEARER', jsonBody: { id: '#eventId#' } });
    expect(kept.filters).toHaveLength(1);
    await put(url, { jsonBody: null, filters: null });
    const cleared = await read(url);
    expect(cleared).toMatchObject({ name: 'ERP 2', authType: 'BEARER', jsonBody: null, filters: [] });
  });

  it('When an event is saved with only its name, then callbacks and queue settings are kept; null clears the URL', async () => {
    const url = `/v1/events/${eventId}`;
    await put(url, {
      enableCallbacks: true,
      callbackUrl: 'https://loja.example.com/cb',
      bodyTemplate: { pedido: '#data#' },
      maxRetries: 7,
    });
    await put(url, { name: 'Pedido quitado' });
    expect(await read(url)).toMatchObject({
      name: 'Pedido quitado',
      enableCallbacks: true,
      callbackUrl: 'https://loja.example.com/cb',
      bodyTemplate: { pedido: '#data#' },
      maxRetries: 7,
    });
    await put(url, { enableCallbacks: false, callbackUrl: null, bodyTemplate: null });
    expect(await read(url)).toMatchObject({ name: 'Pedido quitado', callbackUrl: null, bodyTemplate: null });
  });

  it('When an application is saved with only its name, then visibility and callback are kept; null clears the callback', async () => {
    const url = `/v1/applications/${applicationId}`;
    await put(url, {
      name: 'Loja',
      visibility: 'PUBLIC',
      callbackUrl: 'https://loja.example.com/app-cb',
      callbackAuthType: 'BEARER',
      callbackAuthDetails: { token: 'segredo' },
    });
    await put(url, { name: 'Loja Nova' });
    expect(await read(url)).toMatchObject({
      name: 'Loja Nova',
      visibility: 'PUBLIC',
      callbackUrl: 'https://loja.example.com/app-cb',
      callbackAuthType: 'BEARER',
    });
    await put(url, { callbackUrl: null });
    expect(await read(url)).toMatchObject({ name: 'Loja Nova', visibility: 'PUBLIC', callbackUrl: null });
  });

  it('When a route, event type, field or rule is saved with only its name, then its description is kept; null clears it', async () => {
    const route = await createRoute(t, applicationId, { description: 'Entrada do WhatsApp' }, owner.token);
    const eventType = await createRouteEventType(t, route.id, { description: 'Mensagem' }, owner.token);
    const field = await createRouteField(t, route.id, { description: 'Texto' }, owner.token);
    const rule = await createRule(t, route, eventType, { description: 'Ajuda' }, owner.token);
    const urls = [
      `/v1/routes/${route.id}`,
      `/v1/route-event-types/${eventType.id}`,
      `/v1/route-fields/${field.id}`,
      `/v1/event-rules/${rule.id}`,
    ];
    for (const url of urls) {
      await put(url, { name: 'Renomeado' });
      expect(await read(url), url).toMatchObject({ name: 'Renomeado', description: expect.any(String) });
      await put(url, { description: null });
      expect(await read(url), url).toMatchObject({ name: 'Renomeado', description: null });
    }
    expect(await read(`/v1/event-rules/${rule.id}`)).toMatchObject({ routeEventTypeId: eventType.id });
  });

  it('When a user or one’s own profile is saved with one field, then the others are kept', async () => {
    const user = await t.createUser({ name: 'Ana Souza' });
    await put(`/v1/admin/users/${user.id}`, { isAdmin: false }, t.adminToken);
    expect(await read(`/v1/admin/users/${user.id}`, t.adminToken)).toMatchObject({
      name: 'Ana Souza',
      email: user.email,
      isActive: true,
    });
    await put('/v1/auth/me', { name: 'Ana S.' }, user.token);
    expect(await read('/v1/auth/me', user.token)).toMatchObject({ name: 'Ana S.', email: user.email });
  });

  it('When a field that may not be empty is sent as null, then 400 and nothing changes', async () => {
    const url = `/v1/applications/${applicationId}`;
    const res = await t.put(url, { body: { name: null }, token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect((await read(url)).name).toBe('Loja Nova');
  });
});
