import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRoute,
  createRouteEventType,
  createRouteField,
  createRule,
} from './support/automation-fixtures';
import { addMember, insertApplication } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://hooks.example.com';

describe('integration answers: access, PUBLIC_URL and routes without what to post', () => {
  let t: TestApp;
  let appId: string;
  let route: { id: string; applicationId: string };
  let bareRoute: { id: string };
  let rule: { id: string };
  let reader: { token: string };
  let stripped: { token: string };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const owner = await t.createUser();
    ({ id: appId } = await insertApplication(t.ctx, { ownerId: owner.id, visibility: 'PUBLIC' }));
    const readerUser = await t.createUser();
    const strippedUser = await t.createUser();
    await addMember(t.ctx, appId, readerUser.id, {});
    await addMember(t.ctx, appId, strippedUser.id, { canRead: false });
    reader = readerUser;
    stripped = strippedUser;

    route = await createRoute(t, appId, { name: 'Mensagens' });
    const inactiveType = await createRouteEventType(t, route.id, {
      alias: 'mensagem.antiga',
      isActive: false,
    });
    const eventType = await createRouteEventType(t, route.id, { alias: 'mensagem.recebida' });
    await createRouteField(t, route.id, { path: 'data.message.text' });
    await createRouteField(t, route.id, { path: 'data.removido', isActive: false });
    rule = await createRule(t, route, eventType);
    bareRoute = await createRoute(t, appId, { name: 'Ainda sem tipos' });
    await createRouteField(t, bareRoute.id, { path: 'data.x', type: 'number' });
    expect(inactiveType.isActive).toBe(false);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When PUBLIC_URL is configured, then the code posts there whatever Origin the request carries', async () => {
    const answer = await t.get(`/v1/integration/rules/${rule.id}/code?language=javascript`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.code).toContain(`"${PUBLIC_URL}/v1/emit-rules"`);
    expect(answer.body.data.code).not.toContain('localhost:5173');
  });

  it('When no language is given, then JavaScript', async () => {
    const answer = await t.get(`/v1/integration/routes/${route.id}/code`);
    expect(answer.body.data.language).toBe('javascript');
    expect(answer.body.data.code).toContain('process.env.WEBHOOK_MANAGER_API_KEY');
  });

  it('When a route has inactive event types and fields, then only the active ones shape its sample', async () => {
    const answer = await t.get(`/v1/integration/routes/${route.id}/payload`);
    expect(answer.body.data.payload).toEqual({
      eventType: 'mensagem.recebida',
      applicationId: appId,
      data: { message: { text: expect.any(String) } },
    });
    expect(answer.body.data.fields.map((field: { path: string }) => field.path)).toEqual([
      'data.message.text',
    ]);
  });

  it('When a route has no active event type, then there is no code and no payload, but its fields are listed', async () => {
    const code = await t.get(`/v1/integration/routes/${bareRoute.id}/code?language=curl`);
    expect(code.status).toBe(200);
    expect(code.body.data).toEqual({ code: '', language: 'curl' });
    const payload = await t.get(`/v1/integration/routes/${bareRoute.id}/payload`);
    expect(payload.body.data.payload).toBeNull();
    expect(payload.body.data.fields).toHaveLength(1);
  });

  it('When a reading member asks, then 200; a member without read, 404 even on a PUBLIC application', async () => {
    const paths = [
      `/v1/integration/routes?applicationId=${appId}`,
      `/v1/integration/routes/${route.id}/code`,
      `/v1/integration/routes/${route.id}/payload`,
      `/v1/integration/rules/${rule.id}/code`,
      `/v1/integration/rules/${rule.id}/payload`,
    ];
    for (const path of paths) {
      expect((await t.get(path, { token: reader.token })).status, path).toBe(200);
      expect((await t.get(path, { token: stripped.token })).status, path).toBe(404);
    }
    const listed = await t.get(`/v1/integration/routes?applicationId=${appId}`, { token: reader.token });
    expect(listed.body.data.map((item: { name: string }) => item.name)).toEqual([
      'Ainda sem tipos',
      'Mensagens',
    ]);
  });

  it('When the application id is missing or malformed, then 400 in Portuguese', async () => {
    const missing = await t.get('/v1/integration/routes');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Aplicação é obrigatória');
    const malformed = await t.get('/v1/integration/routes?applicationId=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Aplicação inválida');
    expect(malformed.headers['cache-control']).toBe('no-store');
  });

  it('When the route or rule does not exist, then 404 with its message', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.get(`/v1/integration/routes/${id}/code`)).body.error).toBe('Rota não encontrada');
    expect((await t.get(`/v1/integration/rules/${id}/payload`)).body.error).toBe('Regra não encontrada');
  });
});
