import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from './support/event-fixtures';
import { startWithOwnedApplication, type TestUser } from './support/owned-application-fixture';
import type { TestApp } from './support/test-app';

const orderSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    total: { type: 'number' },
    status: { enum: ['NEW', 'PAID', 'SHIPPED'] },
  },
};

describe('event schemas', () => {
  let t: TestApp;
  let owner: TestUser;
  let appId: string;

  beforeAll(async () => {
    ({ t, owner, appId } = await startWithOwnedApplication('Catálogo'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: Record<string, unknown>) =>
    t.post('/v1/events', { token: owner.token, body: { applicationId: appId, name: 'Pedido', ...body } });

  it('When an event is created with a schema and examples, then they are stored, answered and version 1 is kept', async () => {
    const created = await create({
      alias: 'schema.created',
      schema: orderSchema,
      examples: [{ id: 'o-1', total: 10, status: 'NEW' }],
      schemaValidation: 'ENFORCE',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      schema: orderSchema,
      examples: [{ id: 'o-1', total: 10, status: 'NEW' }],
      schemaValidation: 'ENFORCE',
      schemaVersion: 1,
      schemaChange: { version: 1, breaking: false, changes: [] },
    });
    const read = await t.get(`/v1/events/${created.body.data.id}`, { token: owner.token });
    expect(read.body.data).toMatchObject({
      schema: orderSchema,
      schemaValidation: 'ENFORCE',
      schemaVersion: 1,
    });
    expect(read.body.data.schemaChange).toBeUndefined();
  });

  it('When an event is created without a schema, then validation is OFF and there is no version', async () => {
    const event = await createEvent(t, appId, {}, owner.token);
    expect(event).toMatchObject({ schema: null, examples: [], schemaValidation: 'OFF', schemaVersion: null });
  });

  it('When the schema is not a JSON Schema 2020-12, then 400 names the path of the fault', async () => {
    const refused = await create({
      alias: 'schema.invalid',
      schema: { type: 'object', properties: { id: { type: 'texto' } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error).toMatch(/^Schema inválido em schema\.properties\.id\.type/);
    expect(refused.body.details[0].path).toBe('schema.properties.id.type');
  });

  it('When the schema does not compile, then 400 says so', async () => {
    const refused = await create({
      alias: 'schema.ref',
      schema: { $ref: 'https://example.com/missing.json' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^O schema não pôde ser compilado/);
  });

  it('When an example breaks the schema, then 400 names the example and the path', async () => {
    const refused = await create({
      alias: 'schema.bad-example',
      schema: orderSchema,
      examples: [{ id: 'o-1' }, { id: 7 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^O exemplo 2 não corresponde ao schema \(examples\.1\.id/);
  });

  it('When the schema is larger than 64 KB, more than 5 examples are given, or a mode has no schema, then 400', async () => {
    const huge = { type: 'object', description: 'x'.repeat(70_000) };
    const tooLarge = await create({ alias: 'schema.huge', schema: huge });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toBe('O schema deve ter no máximo 64 KB.');
    const tooMany = await create({
      alias: 'schema.many',
      schema: orderSchema,
      examples: [{}, {}, {}, {}, {}, {}],
    });
    expect(tooMany.body.error).toBe('Informe no máximo 5 exemplos.');
    const noSchema = await create({ alias: 'schema.none', schemaValidation: 'WARN' });
    expect(noSchema.status).toBe(400);
    expect(noSchema.body.error).toBe('Defina um schema para validar os payloads.');
    const badMode = await create({ alias: 'schema.mode', schema: orderSchema, schemaValidation: 'STRICT' });
    expect(badMode.status).toBe(400);
  });

  it('When the schema changes three ways, then each change is a version and the breaking ones say what', async () => {
    const event = await createEvent(t, appId, { schema: orderSchema }, owner.token);
    const update = (schema: unknown) =>
      t.put(`/v1/events/${event.id}`, { token: owner.token, body: { schema } });

    const required = await update({ ...orderSchema, required: ['id'] });
    expect(required.status).toBe(200);
    expect(required.body.data.schemaChange).toEqual({
      version: 2,
      breaking: true,
      changes: [{ kind: 'REQUIRED_ADDED', path: 'id', message: 'id: propriedade passou a ser obrigatória' }],
    });

    const narrowed = await update({
      ...orderSchema,
      required: ['id'],
      properties: { ...orderSchema.properties, total: { type: 'integer' } },
    });
    expect(narrowed.body.data.schemaChange).toMatchObject({
      version: 3,
      breaking: true,
      changes: [{ kind: 'TYPE_NARROWED', path: 'total' }],
    });

    const enumCut = await update({
      ...orderSchema,
      required: ['id'],
      properties: {
        ...orderSchema.properties,
        total: { type: 'integer' },
        status: { enum: ['NEW', 'PAID'] },
      },
    });
    expect(enumCut.body.data.schemaChange).toMatchObject({
      version: 4,
      breaking: true,
      changes: [
        { kind: 'ENUM_VALUE_REMOVED', path: 'status', message: 'status: valor "SHIPPED" não é mais aceito' },
      ],
    });

    const widened = await update({ ...orderSchema, properties: { ...orderSchema.properties, note: {} } });
    expect(widened.body.data.schemaChange).toEqual({ version: 5, breaking: false, changes: [] });

    const versions = await t.get(`/v1/events/${event.id}/schemas`, { token: owner.token });
    expect(versions.status).toBe(200);
    expect(
      versions.body.data.map((row: { version: number; breaking: boolean }) => [row.version, row.breaking]),
    ).toEqual([
      [5, false],
      [4, true],
      [3, true],
      [2, true],
      [1, false],
    ]);
    expect(versions.body.data[4].schema).toEqual(orderSchema);
  });

  it('When an update leaves the schema as it was (keys in another order), then no version is added', async () => {
    const event = await createEvent(t, appId, { schema: orderSchema }, owner.token);
    const reordered = { properties: orderSchema.properties, type: 'object' };
    const updated = await t.put(`/v1/events/${event.id}`, {
      token: owner.token,
      body: { schema: reordered, name: 'Renomeado' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ schemaVersion: 1, name: 'Renomeado' });
    expect(updated.body.data.schemaChange).toBeUndefined();
  });

  it('When a stranger asks for the versions of a private event, then 404', async () => {
    const event = await createEvent(t, appId, { schema: orderSchema, visibility: 'PRIVATE' }, owner.token);
    const stranger = await t.createUser({ email: 'estranho-schema@test.local' });
    const answer = await t.get(`/v1/events/${event.id}/schemas`, { token: stranger.token });
    expect(answer.status).toBe(404);
  });
});
