import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

type Answer = { status: number; body: unknown };
type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.get('/docs/json', { token: null })).body;
  paths = ((await SwaggerParser.dereference(document)) as unknown as { paths: typeof paths }).paths;
});
afterAll(async () => {
  await t?.close();
});

/** Checks an answer against what the document says `method path` answers with its status. */
function expectDocumented(method: string, path: string, answer: Answer) {
  const key = `${method} ${path} ${answer.status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema =
      paths[path]?.[method.toLowerCase()]?.responses[String(answer.status)]?.content?.['application/json']
        ?.schema;
    expect(schema, `${key}: documented answer`).toBeDefined();
    validate = ajv.compile(schema as object);
    validators.set(key, validate);
  }
  expect(validate(answer.body), `${key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  // biome-ignore lint/suspicious/noExplicitAny: the test walks arbitrary JSON answers
  return answer.body as Record<string, any>;
}

describe('real answers match the OpenAPI document', () => {
  it('When a seeded database is read and written through the API, then every answer has its documented shape', async () => {
    const call = async (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      path: string,
      url: string,
      body?: object,
    ) => {
      const fn = { GET: t.get, POST: t.post, PUT: t.put, PATCH: t.patch }[method];
      const answer = await fn(url, body ? { body } : {});
      expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      return expectDocumented(method, path, answer);
    };

    const { data: application } = await call('POST', '/v1/applications', '/v1/applications', {
      name: 'Loja',
    });
    const appId = application.id as string;
    await call('PUT', '/v1/applications/{id}', `/v1/applications/${appId}`, {
      name: 'Loja',
      visibility: 'PUBLIC',
      callbackUrl: 'https://example.com/callback',
      callbackAuthType: 'BEARER',
      callbackAuthDetails: { token: 'segredo' },
    });
    const { data: event } = await call('POST', '/v1/events', '/v1/events', {
      applicationId: appId,
      name: 'Pedido criado',
      alias: 'pedido.criado',
      bodyTemplate: { body: '{{payload.body}}' },
    });
    const { data: subscription } = await call('POST', '/v1/subscriptions', '/v1/subscriptions', {
      eventId: event.id,
      name: 'ERP',
      targetUrl: 'http://127.0.0.1:9/erp',
      authType: 'API_KEY',
      authDetails: { key: 'x-token', value: 'abc' },
      jsonBody: { id: '#eventId#' },
      filters: [{ origin: 'BODY', field: 'total', operator: '>', value: '10' }],
    });
    const emitted = expectDocumented(
      'POST',
      '/v1/events/emit',
      await t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': application.apiKey },
        body: { applicationId: appId, eventType: 'pedido.criado', data: { total: 50 } },
      }),
    );
    expect(emitted.deliveries).toBe(1);

    const route = await call('POST', '/v1/routes', '/v1/routes', {
      applicationId: appId,
      name: 'WhatsApp',
      endpoint: '/whatsapp',
    });
    const routeId = route.data.id as string;
    const eventType = await call('POST', '/v1/route-event-types', '/v1/route-event-types', {
      routeId,
      name: 'Mensagem',
      alias: 'message.received',
    });
    const field = await call('POST', '/v1/route-fields', '/v1/route-fields', {
      routeId,
      name: 'Texto',
      type: 'string',
      path: 'data.text',
    });
    const { data: rule } = await call('POST', '/v1/event-rules', '/v1/event-rules', {
      name: 'Saudação',
      applicationId: appId,
      routeId,
      routeEventTypeId: eventType.data.id,
      eventId: event.id,
      conditions: { logic: 'AND', rules: [{ field: 'data.text', operator: 'CONTAINS_ANY', values: ['oi'] }] },
    });
    const emittedRules = expectDocumented(
      'POST',
      '/v1/emit-rules',
      await t.post('/v1/emit-rules', {
        token: null,
        headers: { 'x-api-key': application.apiKey },
        body: { applicationId: appId, eventType: 'message.received', data: { text: 'oi' } },
      }),
    );

    await call('PUT', '/v1/routes/{id}', `/v1/routes/${routeId}`, {
      verification: { type: 'NONE' },
      eventTypeFrom: { source: 'HEADER', value: 'X-Evento' },
    });
    const rotated = await call(
      'POST',
      '/v1/routes/{id}/rotate-ingest-token',
      `/v1/routes/${routeId}/rotate-ingest-token`,
    );
    const inbound = expectDocumented(
      'POST',
      '/in/{token}/{endpoint}',
      await t.post(new URL(rotated.data.ingestUrl).pathname, {
        token: null,
        headers: { 'x-evento': 'message.received' },
        body: { text: 'oi' },
      }),
    );
    await call('GET', '/v1/routes/{id}/inbound-requests', `/v1/routes/${routeId}/inbound-requests`);
    await call('GET', '/v1/inbound-requests/{id}', `/v1/inbound-requests/${inbound.id}`);
    await call('POST', '/v1/inbound-requests/{id}/reprocess', `/v1/inbound-requests/${inbound.id}/reprocess`);

    const logs = await call('GET', '/v1/logs', '/v1/logs');
    expect(logs.data.length).toBeGreaterThan(0);
    await call('GET', '/v1/logs/{id}', `/v1/logs/${logs.data[0].id}`);
    await call('GET', '/v1/rabbitmq/events/{id}', `/v1/rabbitmq/events/${emittedRules.eventLogId}`);
    const reads: [string, string][] = [
      ['/v1/auth/me', '/v1/auth/me'],
      ['/v1/auth/me/stats', '/v1/auth/me/stats'],
      ['/v1/applications', '/v1/applications'],
      ['/v1/applications', '/v1/applications?scope=discover'],
      ['/v1/applications/{id}', `/v1/applications/${appId}`],
      ['/v1/applications/{id}/api-key', `/v1/applications/${appId}/api-key`],
      ['/v1/applications/{id}/members', `/v1/applications/${appId}/members`],
      ['/v1/events', '/v1/events'],
      ['/v1/events/{id}', `/v1/events/${event.id}`],
      ['/v1/subscriptions', '/v1/subscriptions'],
      ['/v1/subscriptions/{id}', `/v1/subscriptions/${subscription.id}`],
      ['/v1/rabbitmq/events', '/v1/rabbitmq/events'],
      ['/v1/rabbitmq/events/failed', '/v1/rabbitmq/events/failed'],
      ['/v1/routes', '/v1/routes'],
      ['/v1/routes/{id}', `/v1/routes/${routeId}`],
      ['/v1/route-event-types', `/v1/route-event-types?routeId=${routeId}`],
      ['/v1/route-event-types/{id}', `/v1/route-event-types/${eventType.data.id}`],
      ['/v1/route-fields', `/v1/route-fields?routeId=${routeId}`],
      ['/v1/route-fields/{id}', `/v1/route-fields/${field.data.id}`],
      ['/v1/event-rules', '/v1/event-rules'],
      ['/v1/event-rules/{id}', `/v1/event-rules/${rule.id}`],
      ['/v1/event-rules/{id}/executions', `/v1/event-rules/${rule.id}/executions`],
      ['/v1/admin/users', '/v1/admin/users'],
      ['/v1/integration/routes', `/v1/integration/routes?applicationId=${appId}`],
      ['/v1/integration/routes/{id}/code', `/v1/integration/routes/${routeId}/code?language=curl`],
      ['/v1/integration/routes/{id}/payload', `/v1/integration/routes/${routeId}/payload`],
      ['/v1/integration/rules/{id}/code', `/v1/integration/rules/${rule.id}/code`],
      ['/v1/integration/rules/{id}/payload', `/v1/integration/rules/${rule.id}/payload`],
    ];
    for (const [path, url] of reads) await call('GET', path, url);
    const users = await t.get('/v1/admin/users');
    await call('GET', '/v1/admin/users/{id}', `/v1/admin/users/${users.body.data[0].id}`);
    await call('PATCH', '/v1/event-rules/{id}/toggle', `/v1/event-rules/${rule.id}/toggle`);
    await call(
      'POST',
      '/v1/subscriptions/{id}/rotate-secret',
      `/v1/subscriptions/${subscription.id}/rotate-secret`,
    );
  });

  it('When a request fails, then the error answer has the documented {error, code, details?} shape', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expectDocumented('GET', '/v1/events/{id}', await t.get(`/v1/events/${missing}`));
    expectDocumented('GET', '/v1/events', await t.get('/v1/events', { token: null }));
    expectDocumented('POST', '/v1/events', await t.post('/v1/events', { body: { name: '' } }));
    expectDocumented(
      'POST',
      '/v1/auth/login',
      await t.post('/v1/auth/login', { token: null, body: { email: 'x@y.z', password: 'errada123' } }),
    );
  });
});
