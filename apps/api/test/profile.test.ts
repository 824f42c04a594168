import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationAs, insertEventChain } from './support/applications';
import { createTestApp, type TestApp } from './support/test-app';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When a user saves name and e-mail, then /auth/me shows them and the new e-mail signs in', async () => {
    const user = await t.createUser();
    const res = await t.put('/v1/auth/me', {
      body: { name: '  Maria Silva ', email: 'Maria.Nova@Test.Local', currentPassword: user.password },
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, name: 'Maria Silva', email: 'maria.nova@test.local' });
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(res.body.data.createdAt).getTime(),
    );
    expect((await t.get('/v1/auth/me', { token: user.token })).body.data.name).toBe('Maria Silva');
    expect(await t.login('maria.nova@test.local', user.password)).toBeTruthy();
  });

  it('When the e-mail belongs to someone else, then 409; the own e-mail is fine', async () => {
    const user = await t.createUser();
    const taken = await t.put('/v1/auth/me', {
      body: { name: 'Outro', email: 'ADMIN@test.local', currentPassword: user.password },
      token: user.token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'Já existe um usuário com este e-mail', code: 'CONFLICT' });
    const same = await t.put('/v1/auth/me', {
      body: { name: 'Outro', email: user.email },
      token: user.token,
    });
    expect(same.status).toBe(200);
  });

  it('When profile input is invalid, then 400 with the pt-BR message of each field', async () => {
    const user = await t.createUser();
    const cases: Array<[unknown, string]> = [
      [{ name: '', email: user.email }, 'Nome é obrigatório'],
      [{ name: 'A', email: user.email }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ name: 'Ana', email: '' }, 'Email é obrigatório'],
      [{ name: 'Ana', email: 'ana' }, 'Email inválido'],
    ];
    for (const [body, message] of cases) {
      const res = await t.put('/v1/auth/me', { body: body as object, token: user.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await t.put('/v1/auth/me', { body: { name: 'Ana', email: 'a@b.co' }, token: null })).status).toBe(
      401,
    );
  });

  it('When the password changes, then other sessions end, the current one stays and only the new password works', async () => {
    const user = await t.createUser();
    const otherSession = await t.login(user.email, user.password);
    const res = await t.post('/v1/auth/change-password', {
      body: { currentPassword: user.password, newPassword: 'nova-senha-1' },
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Senha alterada com sucesso' });
    expect((await t.get('/v1/auth/me', { token: user.token })).status).toBe(200);
    expect((await t.get('/v1/auth/me', { token: otherSession })).status).toBe(401);
    const oldLogin = await t.post('/v1/auth/login', {
      body: { email: user.email, password: user.password },
      token: null,
    });
    expect(oldLogin.status).toBe(401);
    expect(await t.login(user.email, 'nova-senha-1')).toBeTruthy();
  });

  it('When the current password is wrong or the new one invalid, then 400 in pt-BR and nothing changes', async () => {
    const user = await t.createUser();
    const otherSession = await t.login(user.email, user.password);
    const cases: Array<[object, string]> = [
      [{ currentPassword: 'errada-123', newPassword: 'nova-senha-1' }, 'Senha atual incorreta'],
      [{ currentPassword: '', newPassword: 'nova-senha-1' }, 'Senha atual é obrigatória'],
      [{ currentPassword: user.password, newPassword: '1234567' }, 'Senha deve ter pelo menos 8 caracteres'],
      [
        { currentPassword: user.password, newPassword: user.password },
        'A nova senha deve ser diferente da senha atual',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/v1/auth/change-password', { body, token: user.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await t.get('/v1/auth/me', { token: otherSession })).status).toBe(200);
    expect(await t.login(user.email, user.password)).toBeTruthy();
  });

  it("When a user asks for stats, then they count what they can reach, never others' private data", async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    const first = await createApplicationAs(t, user.token);
    await createApplicationAs(t, user.token);
    await insertEventChain(t, first.id);
    await insertEventChain(t, first.id, { visibility: 'PRIVATE' });
    const foreign = await createApplicationAs(t, stranger.token);
    await insertEventChain(t, foreign.id);

    const res = await t.get('/v1/auth/me/stats', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ applications: 2, events: 2, subscriptions: 2, logs: 2 });
    const fresh = await t.createUser();
    expect((await t.get('/v1/auth/me/stats', { token: fresh.token })).body).toEqual({
      applications: 0,
      events: 0,
      subscriptions: 0,
      logs: 0,
    });
    expect((await t.get('/v1/auth/me/stats', { token: null })).status).toBe(401);
  });

  it('When a member with read, write and delete all off exports, then the export holds only what the API lets them read', async () => {
    const owner = await t.createUser();
    const member = await t.createUser();
    const app = await createApplicationAs(t, owner.token, 'Sigilosa');
    await t.put(`/v1/applications/${app.id}`, {
      body: { name: 'Sigilosa', callbackUrl: 'https://example.com/sigiloso' },
      token: owner.token,
    });
    const chain = await insertEventChain(t, app.id, { visibility: 'PRIVATE', createdBy: owner.id });
    await t.post(`/v1/applications/${app.id}/members`, { body: { email: member.email, canRead: true } });
    const own = await t.post('/v1/subscriptions', {
      body: {
        eventId: chain.eventId,
        name: 'Minha',
        targetUrl: 'https://example.com/minha',
        jsonBody: { a: 1 },
      },
      token: member.token,
    });
    expect(own.status).toBe(201);
    const stripped = await t.put(`/v1/applications/${app.id}/members/${member.id}`, {
      body: { canRead: false, canWrite: false, canDelete: false },
      token: owner.token,
    });
    expect(stripped.status).toBe(200);
    expect((await t.get(`/v1/applications/${app.id}`, { token: member.token })).status).toBe(404);

    const res = await t.get('/v1/auth/me/export', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.applications).toEqual([]);
    expect(res.body.events).toEqual([]);
    expect(res.body.subscriptions.map((subscription: { id: string }) => subscription.id)).toEqual([
      own.body.data.id,
    ]);
    const text = JSON.stringify(res.body);
    for (const hidden of ['Sigilosa', 'https://example.com/sigiloso', chain.subscriptionId]) {
      expect(text).not.toContain(hidden);
    }
    // Everything exported reads through the API as well.
    for (const subscription of res.body.subscriptions) {
      expect((await t.get(`/v1/subscriptions/${subscription.id}`, { token: member.token })).status).toBe(200);
    }
  });

  it('When a user exports their data, then a JSON attachment has profile, applications, events and subscriptions without secrets', async () => {
    const user = await t.createUser({ name: 'Exportadora' });
    const app = await createApplicationAs(t, user.token, 'Exportável');
    await t.put(`/v1/applications/${app.id}`, {
      body: {
        name: 'Exportável',
        callbackUrl: 'https://example.com/cb',
        callbackAuthType: 'BEARER',
        callbackAuthDetails: { token: 'callback-bearer-secret' },
      },
      token: user.token,
    });
    const chain = await insertEventChain(t, app.id, { createdBy: user.id });
    const stranger = await t.createUser();
    await createApplicationAs(t, stranger.token, 'Alheia');

    const res = await t.get('/v1/auth/me/export', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="webhook-manager-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Exportadora', email: user.email });
    expect(res.body.applications).toEqual([
      expect.objectContaining({
        id: app.id,
        name: 'Exportável',
        callbackUrl: 'https://example.com/cb',
        callbackAuthType: 'BEARER',
        membership: { isOwner: true, canRead: true, canWrite: true, canDelete: true },
      }),
    ]);
    expect(res.body.events.map((event: { id: string }) => event.id)).toEqual([chain.eventId]);
    expect(res.body.subscriptions.map((subscription: { id: string }) => subscription.id)).toEqual([
      chain.subscriptionId,
    ]);

    const text = JSON.stringify(res.body);
    for (const secret of [
      app.apiKey,
      app.apiKeyPrefix,
      'callback-bearer-secret',
      'subscription-bearer-secret',
      'whsec_',
      'scrypt$',
      'Alheia',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/apiKey|authDetails|passwordHash|"secret"/i);
  });
});
