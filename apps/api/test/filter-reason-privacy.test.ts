import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  insertApplication,
  insertEvent,
  insertSubscription,
  readLogsOf,
} from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const SECRET_HEADER = 'tenant-interno-7731';

describe('filter reasons shown to subscribers of another application', () => {
  let t: TestApp;
  let logId: string;
  let owner: Awaited<ReturnType<TestApp['createUser']>>;
  let outsider: Awaited<ReturnType<TestApp['createUser']>>;
  let member: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    outsider = await t.createUser();
    member = await t.createUser();
    const emitter = await insertApplication(t.ctx, { ownerId: owner.id, visibility: 'PUBLIC' });
    await addMember(t.ctx, emitter.id, member.id, { canRead: true });
    const event = await insertEvent(t.ctx, emitter.id, { visibility: 'PUBLIC' });
    await insertSubscription(t.ctx, event.id, {
      createdBy: outsider.id,
      filters: [
        { field: 'x-tenant', origin: 'HEADER', operator: '=', value: 'acme' },
        { field: 'x-nivel', origin: 'HEADER', operator: '>', value: '10' },
        { field: 'pedido.status', origin: 'BODY', operator: '=', value: 'pago' },
      ],
    });
    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': emitter.apiKey, 'x-tenant': SECRET_HEADER, 'x-nivel': 'nivel-secreto' },
      body: { eventType: event.alias, applicationId: emitter.id, data: { pedido: { status: 'aberto' } } },
    });
    expect(emitted.status).toBe(202);
    const [log] = await readLogsOf(t.ctx, emitted.body.occurrenceId);
    expect(log?.status).toBe('IGNORED');
    logId = log?.id as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When a subscriber who is not a member reads the ignored delivery, then the reason says the headers differed without quoting them', async () => {
    const detail = await t.get(`/v1/logs/${logId}`, { token: outsider.token });
    expect(detail.status).toBe(200);
    const reason = detail.body.data.errorMessage as string;
    expect(reason).not.toContain(SECRET_HEADER);
    expect(reason).not.toContain('nivel-secreto');
    expect(reason).toContain('3 filtro(s) falharam');
    expect(reason).toContain('Campo "x-tenant" (header): esperado igual a "acme", recebido outro valor');
    // Body values are the subscriber's own payload: they stay quoted.
    expect(reason).toContain('recebido "aberto"');
  });

  it('When a member of the emitting application (or an admin) reads it, then the full reason is shown', async () => {
    for (const token of [owner.token, member.token, t.adminToken]) {
      const detail = await t.get(`/v1/logs/${logId}`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body.data.errorMessage).toContain(`recebido "${SECRET_HEADER}"`);
      expect(detail.body.data.errorMessage).toContain('recebido "nivel-secreto"');
    }
  });
});
