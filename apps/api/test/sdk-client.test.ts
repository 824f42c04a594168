import { readFileSync } from 'node:fs';
import { type ApiResult, createClient } from '@wm/sdk';
import { verifyWebhook } from '@wm/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApiTypes } from '../../../packages/sdk/scripts/render-api-types';
import { type DeliveryEngine, startDeliveryEngine } from '../src/delivery/engine';
import { type Receiver, startReceiver } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

let t: TestApp;
let engine: DeliveryEngine;
let receiver: Receiver;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_MS: '20' });
  engine = startDeliveryEngine(t.ctx);
  receiver = await startReceiver();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await engine.stop();
  await receiver.close();
  await t.close();
});

// The generated types do not know the answers' shapes until the document describes them.
// biome-ignore lint/suspicious/noExplicitAny: reads fields of answers typed from the document
function dataOf(result: ApiResult<unknown>): any {
  if (result.error) throw new Error(`${result.status} ${result.error.code}: ${result.error.error}`);
  return result.data;
}

describe('SDK types', () => {
  it('When the OpenAPI document changes, then the committed generated types must be regenerated', async () => {
    const committed = readFileSync(
      new URL('../../../packages/sdk/src/generated/api.ts', import.meta.url),
      'utf8',
    );
    const current = await renderApiTypes(t.app.swagger());
    // On failure: npm run generate -w @wm/sdk, and commit packages/sdk/src/generated/api.ts.
    expect(committed === current, 'packages/sdk/src/generated/api.ts differs from the OpenAPI document').toBe(
      true,
    );
  });
});

describe('SDK client against a live server', () => {
  it('When an integrator creates an application, an event and a subscription, emits and lists the logs, then each call answers typed data', async () => {
    const admin = createClient({ baseUrl, token: t.adminToken });
    const application = dataOf(await admin.applications.create({ name: 'Loja SDK' })).data;
    expect(application).toMatchObject({ name: 'Loja SDK', apiKey: expect.any(String) });
    const event = dataOf(
      await admin.events.create({
        applicationId: application.id,
        name: 'Pedido criado',
        alias: 'pedido.criado',
      }),
    ).data;
    const subscription = dataOf(
      await admin.subscriptions.create({
        eventId: event.id,
        name: 'Loja',
        targetUrl: `${receiver.url}/sdk-client`,
        jsonBody: { n: '{{payload.n}}' },
      }),
    ).data;

    const emitter = createClient({ baseUrl, apiKey: application.apiKey });
    const emitted = await emitter.emit({
      applicationId: application.id,
      eventType: 'pedido.criado',
      data: { n: 1 },
    });
    expect(emitted.status).toBe(202);
    expect(dataOf(emitted)).toMatchObject({ deliveries: 1, occurrenceId: expect.any(String) });

    const request = await waitFor(() => receiver.requests.find((r) => r.url === '/sdk-client'));
    expect(verifyWebhook(subscription.secret, request.headers, request.body).payload).toEqual({ n: 1 });
    const logs = await waitFor(async () => {
      const page = dataOf(await admin.logs.list({ eventId: event.id }));
      return page.data.some((log: { status: string }) => log.status === 'SUCCESS') ? page : null;
    });
    expect(logs.data).toHaveLength(1);
    expect(logs.data[0]).toMatchObject({
      subscription: { id: subscription.id, event: { alias: 'pedido.criado' } },
    });
  });

  it('When an integrator opens the portal for a customer, then the link lets it manage only its own endpoints', async () => {
    const admin = createClient({ baseUrl, token: t.adminToken });
    const application = dataOf(await admin.applications.create({ name: 'Loja do portal' })).data;
    const event = dataOf(
      await admin.events.create({ applicationId: application.id, name: 'Pedido', alias: 'pedido.enviado' }),
    ).data;
    const server = createClient({ baseUrl, apiKey: application.apiKey });
    const owned = await server.consumers.createSubscription(application.id, 'cliente-42', {
      eventId: event.id,
      name: 'Do cliente',
      targetUrl: 'https://example.com/cliente-42',
      jsonBody: {},
    });
    expect(owned.status).toBe(201);
    const session = dataOf(
      await server.createPortalSession(application.id, { consumerId: 'cliente-42', expiresInMinutes: 30 }),
    ).data;
    expect(session.url).toBe(`${baseUrl}/portal/${application.id}#token=${session.token}`);

    const portal = createClient({ baseUrl, token: session.token });
    const mine = await portal.raw.GET('/v1/portal/subscriptions', {});
    expect(mine.data?.data.map((item: { consumerId: string | null }) => item.consumerId)).toEqual([
      'cliente-42',
    ]);
    const consumers = dataOf(await server.consumers.list(application.id)).data;
    expect(consumers).toEqual([{ consumerId: 'cliente-42', subscriptionCount: 1, openCircuits: 0 }]);
    expect((await server.consumers.revokePortalSession(application.id, session.id)).status).toBe(204);
    expect((await portal.raw.GET('/v1/portal/subscriptions', {})).response.status).toBe(401);

    const subscriptionId = dataOf(owned).data.id;
    const renamed = await server.consumers.updateSubscription(application.id, 'cliente-42', subscriptionId, {
      name: 'Renomeada',
    });
    expect(dataOf(renamed).data.name).toBe('Renomeada');
    expect(
      (await server.consumers.removeSubscription(application.id, 'cliente-42', subscriptionId)).status,
    ).toBe(204);
    expect(dataOf(await server.consumers.list(application.id)).data).toEqual([]);
  });

  it('When an integrator sets a route to receive, then the client rotates its ingest URL and reads what it received', async () => {
    const admin = createClient({ baseUrl, token: t.adminToken });
    const application = dataOf(await admin.applications.create({ name: 'Recebe SDK' })).data;
    const route = dataOf(
      await admin.routes.create({
        applicationId: application.id,
        name: 'Entrada',
        endpoint: '/entrada',
        verification: { type: 'NONE' },
        eventTypeFrom: { source: 'FIXED', value: 'algo.chegou' },
      }),
    ).data;
    const rotated = dataOf(await admin.routes.rotateIngestToken(route.id)).data;
    expect(rotated.ingestUrl).not.toBe(route.ingestUrl);
    const sent = await fetch(`${baseUrl}${new URL(rotated.ingestUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
    });
    expect(sent.status).toBe(202);
    const received = dataOf(await admin.routes.inboundRequests.list(route.id, { limit: 5 }));
    expect(received.data).toHaveLength(1);
    const kept = dataOf(await admin.routes.inboundRequests.get(received.data[0].id)).data;
    expect(kept).toMatchObject({ status: 'IGNORED', body: '{"n":1}', isVerified: true });
    const refused = await admin.routes.inboundRequests.reprocess(kept.id);
    expect(refused.status).toBe(422);
    expect(refused.error?.error).toBe('Tipo de evento "algo.chegou" não cadastrado nesta rota');
  });

  it('When the API refuses a call, then the client answers its pt-BR error and status as values', async () => {
    const admin = createClient({ baseUrl, token: t.adminToken });
    const application = dataOf(await admin.applications.create({ name: 'Loja erros' })).data;
    const emitter = createClient({ baseUrl, apiKey: application.apiKey });

    const unknown = await emitter.emit({ applicationId: application.id, eventType: 'nao.existe', data: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'NOT_FOUND', error: expect.stringMatching(/evento/i) });

    const invalid = await admin.applications.create({ name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });

    const anonymous = await createClient({ baseUrl }).applications.list();
    expect(anonymous).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });

    const unreachable = await createClient({ baseUrl: 'http://127.0.0.1:9' }).applications.list();
    expect(unreachable).toMatchObject({ status: 0, error: { code: 'NETWORK_ERROR' } });
  });
});
