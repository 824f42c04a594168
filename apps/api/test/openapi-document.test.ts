import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in?: string; name?: string }>;
    schemas: Record<string, unknown>;
  };
};

/** Routes an API key may call instead of a session. */
const API_KEY_ROUTES = [
  'POST /v1/events/emit',
  'POST /v1/emit-rules',
  'GET /v1/applications/{id}/consumers',
  'GET /v1/applications/{id}/consumers/{consumerId}/subscriptions',
  'POST /v1/applications/{id}/consumers/{consumerId}/subscriptions',
  'PATCH /v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}',
  'DELETE /v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}',
  'POST /v1/applications/{id}/portal-sessions',
  'DELETE /v1/applications/{id}/portal-sessions/{sessionId}',
  'DELETE /v1/applications/{id}/consumers/{consumerId}/portal-sessions',
];
/** The ingest URL needs no credential of ours: the route checks the sender's own signature. */
const PUBLIC_ROUTES = ['POST /v1/auth/login', 'GET /healthz', 'GET /readyz', 'POST /in/{token}/{endpoint}'];
/** Probes answer their own shape, never the error one. */
const PROBES = ['GET /healthz', 'GET /readyz'];
/**
 * The answers with an identifier at their top level that are not a resource: the outcome of a retry or a skip, and
 * what a provider is told about the request it sent.
 */
const OUTCOMES_WITH_ID = [
  'POST /v1/logs/{id}/retry 200',
  'POST /v1/logs/{id}/skip 200',
  'POST /v1/portal/logs/{id}/resend 200',
  'POST /in/{token}/{endpoint} 202',
];

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.get('/docs/json', { token: null })).body;
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('OpenAPI document', () => {
  it('When /docs/json is validated as OpenAPI, then it is valid', async () => {
    // The parser dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('When an operation is read, then it describes its success answer and its errors', () => {
    const missing: string[] = [];
    for (const { route, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      const successes = statuses.filter((status) => /^2\d\d$/.test(status));
      if (successes.length === 0) missing.push(`${route}: no 2xx answer`);
      for (const status of successes) {
        if (status !== '204' && !operation.responses[status]?.content?.['application/json']?.schema)
          missing.push(`${route}: ${status} without a body schema`);
      }
      if (PROBES.includes(route)) continue;
      if (!statuses.includes('400') || !statuses.includes('500'))
        missing.push(`${route}: its error answers are not described`);
      for (const status of statuses.filter((code) => /^[45]\d\d$/.test(code))) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        if (JSON.stringify(schema) !== JSON.stringify({ $ref: '#/components/schemas/Error' }))
          missing.push(`${route}: ${status} is not the {error, code, details?} answer`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('When an operation answers one resource, then the resource is under data, as lists are', () => {
    const schemas = document.components.schemas as Record<string, { properties?: object }>;
    const resolve = (schema: { $ref?: string; properties?: object } | undefined) =>
      schema?.$ref ? schemas[schema.$ref.split('/').pop() as string] : schema;
    const withId: string[] = [];
    for (const { route, operation } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        const schema = resolve(answer.content?.['application/json']?.schema as { $ref?: string });
        const properties = schema?.properties ?? {};
        // A member is named by its userId within its application.
        if (
          /^2\d\d$/.test(status) &&
          (Object.hasOwn(properties, 'id') || Object.hasOwn(properties, 'userId'))
        )
          withId.push(`${route} ${status}`);
      }
    }
    expect(withId.sort()).toEqual([...OUTCOMES_WITH_ID].sort());
  });

  it('When an operation is read, then it states how to authenticate', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
    const wrong: string[] = [];
    for (const { route, operation } of operations()) {
      const expected = PUBLIC_ROUTES.includes(route)
        ? []
        : API_KEY_ROUTES.includes(route)
          ? [{ apiKey: [] }, { bearerAuth: [] }]
          : [{ bearerAuth: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(expected))
        wrong.push(`${route}: security ${JSON.stringify(operation.security)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('When a session route is called without a token, then it answers 401 as documented', async () => {
    const me = await t.get('/v1/auth/me', { token: null });
    expect(me.status).toBe(401);
    expect(document.paths['/v1/auth/me']?.get?.responses['401']).toBeDefined();
  });
});
