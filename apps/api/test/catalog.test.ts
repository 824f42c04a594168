import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, insertApplication } from './support/event-fixtures';
import { startWithOwnedApplication, type TestUser } from './support/owned-application-fixture';
import type { TestApp } from './support/test-app';

const orderSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' }, total: { type: 'number' }, status: { enum: ['NEW', 'PAID'] } },
};

describe('event catalogue', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let appId: string;
  let privateAppId: string;

  beforeAll(async () => {
    ({ t, owner } = await startWithOwnedApplication());
    appId = await insertApplication(t, { ownerId: owner.id, name: 'Loja', visibility: 'PUBLIC' });
    privateAppId = await insertApplication(t, { ownerId: owner.id, name: 'Interna', visibility: 'PRIVATE' });
    stranger = await t.createUser({ email: 'estranho-catalogo@test.local' });
    await createEvent(
      t,
      appId,
      {
        alias: 'order.created',
        name: 'Pedido criado',
        schema: orderSchema,
        examples: [{ id: 'o-1', total: 10 }],
      },
      owner.token,
    );
    await createEvent(
      t,
      appId,
      { alias: 'order.audit', name: 'Auditoria', visibility: 'PRIVATE' },
      owner.token,
    );
    await createEvent(
      t,
      appId,
      { alias: 'order.shaped', name: 'Com template', bodyTemplate: { pedido: '{{data.id}}' } },
      owner.token,
    );
    await createEvent(t, privateAppId, { alias: 'internal.thing' }, owner.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const aliasesOf = (body: { events: { alias: string }[] }) => body.events.map((event) => event.alias);

  it('When a member reads the catalogue, then every event is listed with schema, examples and version', async () => {
    const answer = await t.get(`/v1/applications/${appId}/catalog`, { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.application).toEqual({ id: appId, name: 'Loja' });
    expect(aliasesOf(answer.body)).toEqual(['order.audit', 'order.created', 'order.shaped']);
    expect(answer.body.events[1]).toMatchObject({
      name: 'Pedido criado',
      schema: orderSchema,
      examples: [{ id: 'o-1', total: 10 }],
      schemaVersion: 1,
    });
  });

  it('When a signed-in stranger reads a public application catalogue, then PRIVATE events are hidden', async () => {
    const answer = await t.get(`/v1/applications/${appId}/catalog`, { token: stranger.token });
    expect(answer.status).toBe(200);
    expect(aliasesOf(answer.body)).toEqual(['order.created', 'order.shaped']);
    const exported = await t.get(`/v1/applications/${appId}/catalog/openapi.json`, { token: stranger.token });
    expect(Object.keys(exported.body.webhooks)).toEqual(['order.created', 'order.shaped']);
  });

  it('When a stranger asks for a private application catalogue, then 404; without a session, 401', async () => {
    expect((await t.get(`/v1/applications/${privateAppId}/catalog`, { token: stranger.token })).status).toBe(
      404,
    );
    expect(
      (await t.get(`/v1/applications/${privateAppId}/catalog/openapi.json`, { token: stranger.token }))
        .status,
    ).toBe(404);
    expect((await t.get(`/v1/applications/${appId}/catalog`, { token: null })).status).toBe(401);
  });

  it('When the catalogue is exported, then swagger-parser validates it and openapi-typescript types each payload', async () => {
    const answer = await t.get(`/v1/applications/${appId}/catalog/openapi.json`, { token: owner.token });
    expect(answer.status).toBe(200);
    const document = answer.body;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks)).toEqual(['order.audit', 'order.created', 'order.shaped']);
    expect(document.components.schemas['order.created.payload']).toEqual(orderSchema);
    expect(document.webhooks['order.created'].post.requestBody.content['application/json'].examples).toEqual({
      exemplo1: { value: { id: 'o-1', total: 10 } },
    });
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();

    const types = astToString(await openapiTS(document as OpenAPI3));
    expect(types).toContain('"order.created.payload": {');
    expect(types).toMatch(/id: string;/);
    expect(types).toMatch(/status\?: "NEW" \| "PAID";/);
    expect(types).toContain('webhooks');
  });
});
