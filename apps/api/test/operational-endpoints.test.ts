import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationalEndpoints } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/test-app';

const REFUSAL = 'O destino aponta para um endereço privado ou reservado; use um endereço público';

let t: TestApp;
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'false' });
  const application = await t.post('/v1/applications', { body: { name: 'Avisos' } });
  applicationId = application.body.data.id;
});

afterAll(async () => {
  await t.close();
});

describe('operational endpoints', () => {
  it('When one is created, then its secret is answered once and stored sealed', async () => {
    const created = await t.post('/v1/operational-endpoints', {
      body: { url: 'https://93.184.215.14/avisos', eventTypes: ['subscription.disabled'] },
    });
    expect(created.status).toBe(201);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(created.body.data).toMatchObject({ applicationId: null, eventTypes: ['subscription.disabled'] });

    const read = await t.get(`/v1/operational-endpoints/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('secret');
    const listed = await t.get('/v1/operational-endpoints');
    expect(listed.body.data.map((item: { id: string }) => item.id)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const [row] = await t.ctx.db.select().from(operationalEndpoints).where(eq(operationalEndpoints.id, id));
    expect(row?.secret).toMatch(/^wmenc1:/);
    expect(t.ctx.cipher.open(row?.secret as string)).toBe(secret);
  });

  it("When one is created for an application, then it is the application's, not the user's own", async () => {
    const created = await t.post('/v1/operational-endpoints', {
      body: { url: 'https://93.184.215.14/app', applicationId },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ applicationId, eventTypes: null });
    const own = await t.get('/v1/operational-endpoints');
    expect(own.body.data.map((item: { id: string }) => item.id)).not.toContain(created.body.data.id);
    const ofApplication = await t.get(`/v1/operational-endpoints?applicationId=${applicationId}`);
    expect(ofApplication.body.data.map((item: { id: string }) => item.id)).toEqual([created.body.data.id]);
  });

  it('When the URL is private or the types unknown, then it answers 400 in pt-BR', async () => {
    const privateUrl = await t.post('/v1/operational-endpoints', { body: { url: 'http://127.0.0.1:9/x' } });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body).toMatchObject({ error: REFUSAL, code: 'VALIDATION_ERROR' });
    const unknownType = await t.post('/v1/operational-endpoints', {
      body: { url: 'https://93.184.215.14/x', eventTypes: ['pedido.criado'] },
    });
    expect(unknownType.status).toBe(400);
    expect(JSON.stringify(unknownType.body)).toContain('Tipo de aviso inválido');
  });

  it('When one is changed and deleted, then absent fields stay and it is gone after', async () => {
    const created = await t.post('/v1/operational-endpoints', {
      body: { url: 'https://93.184.215.14/a', eventTypes: ['delivery.failed'] },
    });
    const id = created.body.data.id;
    const changed = await t.put(`/v1/operational-endpoints/${id}`, {
      body: { url: 'https://93.184.215.14/b' },
    });
    expect(changed.body.data).toMatchObject({
      url: 'https://93.184.215.14/b',
      eventTypes: ['delivery.failed'],
    });
    const all = await t.put(`/v1/operational-endpoints/${id}`, { body: { eventTypes: null } });
    expect(all.body.data.eventTypes).toBeNull();
    expect((await t.del(`/v1/operational-endpoints/${id}`)).status).toBe(204);
    const gone = await t.get(`/v1/operational-endpoints/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: 'Webhook operacional não encontrado', code: 'NOT_FOUND' });
  });
});
