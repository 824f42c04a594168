import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs, occurrences } from '../src/db/schema';
import {
  insertApplication,
  insertEmitTarget,
  insertSubscription,
  readLogsOf,
} from './support/delivery-fixtures';
import { useTestApp } from './support/use-test-app';

const harness = useTestApp({}, (t) => insertEmitTarget(t.ctx));

const orderSchema = {
  type: 'object',
  required: ['id', 'total'],
  properties: { id: { type: 'string' }, total: { type: 'number', minimum: 0 }, email: { format: 'email' } },
};

let aliasCounter = 0;

/** An application with one event (made through the API, so its schema is checked and versioned) and one subscription. */
async function setUp(schemaValidation: 'OFF' | 'WARN' | 'ENFORCE', schema: unknown = orderSchema) {
  const app = await insertApplication(harness.t.ctx);
  aliasCounter += 1;
  const created = await harness.t.post('/v1/events', {
    body: {
      applicationId: app.id,
      name: 'Pedido',
      alias: `pedido.${aliasCounter}`,
      schema,
      schemaValidation,
    },
  });
  expect(created.status).toBe(201);
  const event = created.body.data;
  await insertSubscription(harness.t.ctx, event.id);
  const emit = (data: unknown) =>
    harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data },
    });
  return { app, event, emit };
}

const occurrenceOf = async (id: string) =>
  (await harness.t.ctx.db.select().from(occurrences).where(eq(occurrences.id, id)))[0];

describe('emit checked against the event schema', () => {
  it('When an ENFORCE event gets a payload that breaks its schema, then 422 SCHEMA_VIOLATION lists where and nothing is stored', async () => {
    const { event, emit } = await setUp('ENFORCE');
    const refused = await emit({ id: 7, total: -1, email: 'não-é-email' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: 'Payload não corresponde ao schema do evento',
      code: 'SCHEMA_VIOLATION',
    });
    expect(refused.body.details).toEqual(
      expect.arrayContaining([
        { path: '/id', message: 'deve ser do tipo texto' },
        { path: '/total', message: 'deve ser maior ou igual a 0' },
        { path: '/email', message: 'deve estar no formato "email"' },
      ]),
    );
    const missing = await emit({ total: 1 });
    expect(missing.body.details).toEqual([{ path: '/id', message: 'propriedade obrigatória ausente' }]);
    const stored = await harness.t.ctx.db.select().from(occurrences).where(eq(occurrences.eventId, event.id));
    expect(stored).toEqual([]);
  });

  it('When an ENFORCE event gets a valid payload, then 202 and the occurrence keeps the version without violations', async () => {
    const { event, emit } = await setUp('ENFORCE');
    const accepted = await emit({ id: 'o-1', total: 10 });
    expect(accepted.status).toBe(202);
    expect(await occurrenceOf(accepted.body.occurrenceId)).toMatchObject({
      eventId: event.id,
      schemaVersion: 1,
      schemaViolations: null,
    });
  });

  it('When a WARN event gets a payload that breaks its schema, then it is delivered and the log detail shows the violations', async () => {
    const { emit } = await setUp('WARN');
    const accepted = await emit({ total: 'dez' });
    expect(accepted.status).toBe(202);
    expect(accepted.body.deliveries).toBe(1);
    const occurrence = await occurrenceOf(accepted.body.occurrenceId);
    expect(occurrence?.schemaVersion).toBe(1);
    expect(occurrence?.schemaViolations).toEqual([
      { path: '/id', message: 'propriedade obrigatória ausente' },
      { path: '/total', message: 'deve ser do tipo número' },
    ]);
    const [log] = await readLogsOf(harness.t.ctx, accepted.body.occurrenceId);
    const detail = await harness.t.get(`/v1/logs/${log?.id}`);
    expect(detail.body.data).toMatchObject({
      schemaVersion: 1,
      schemaViolations: [
        { path: '/id', message: 'propriedade obrigatória ausente' },
        { path: '/total', message: 'deve ser do tipo número' },
      ],
    });
  });

  it('When an OFF event with a schema gets any payload, then it is accepted and nothing about the schema is kept', async () => {
    const { emit } = await setUp('OFF');
    const accepted = await emit({ total: 'dez' });
    expect(accepted.status).toBe(202);
    expect(await occurrenceOf(accepted.body.occurrenceId)).toMatchObject({
      schemaVersion: null,
      schemaViolations: null,
    });
    const [log] = await harness.t.ctx.db
      .select()
      .from(deliveryLogs)
      .where(eq(deliveryLogs.occurrenceId, accepted.body.occurrenceId));
    const detail = await harness.t.get(`/v1/logs/${log?.id}`);
    expect(detail.body.data).toMatchObject({ schemaVersion: null, schemaViolations: [] });
  });

  it('When the schema changes, then the next emit is checked against the new version', async () => {
    const { event, emit } = await setUp('ENFORCE');
    expect((await emit({ id: 'o-1', total: 1 })).status).toBe(202);
    const updated = await harness.t.put(`/v1/events/${event.id}`, {
      body: { schema: { ...orderSchema, required: ['id', 'total', 'email'] } },
    });
    expect(updated.body.data.schemaChange).toMatchObject({ version: 2, breaking: true });
    const refused = await emit({ id: 'o-1', total: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([{ path: '/email', message: 'propriedade obrigatória ausente' }]);
    const accepted = await emit({ id: 'o-1', total: 1, email: 'ana@example.com' });
    expect(accepted.status).toBe(202);
    expect((await occurrenceOf(accepted.body.occurrenceId))?.schemaVersion).toBe(2);
  });

  it('When a dry run breaks an ENFORCE schema, then it answers the same 422', async () => {
    const { app, event } = await setUp('ENFORCE');
    const dryRun = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { id: 1 }, dryRun: true },
    });
    expect(dryRun.status).toBe(422);
    expect(dryRun.body.code).toBe('SCHEMA_VIOLATION');
  });
});
