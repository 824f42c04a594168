import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationAs, insertEventChain, setVisibility } from './support/applications';
import { createTestApp, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('application members', () => {
  let t: TestApp;
  let owner: User;
  let other: User;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser({ name: 'Olga Dona' });
    other = await t.createUser({ name: 'Bruno Membro' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When an admin adds a user by e-mail, then that user sees the application with the given permissions at once', async () => {
    const app = await createApplicationAs(t, owner.token, 'Compartilhada');
    expect((await t.get(`/v1/applications/${app.id}`, { token: other.token })).status).toBe(404);

    const res = await t.post(`/v1/applications/${app.id}/members`, {
      body: { email: other.email.toUpperCase(), canWrite: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      userId: other.id,
      name: 'Bruno Membro',
      email: other.email,
      isOwner: false,
      canRead: true,
      canWrite: true,
      canDelete: false,
    });

    const list = await t.get('/v1/applications', { token: other.token });
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([app.id]);
    expect(list.body.data[0].permissions).toEqual({
      isOwner: false,
      canRead: true,
      canWrite: true,
      canDelete: false,
    });
    const members = await t.get(`/v1/applications/${app.id}/members`, { token: other.token });
    expect(members.body.data.map((member: { name: string }) => member.name)).toEqual([
      'Olga Dona',
      'Bruno Membro',
    ]);
  });

  it('When an admin adds an e-mail that is unknown, invalid or already a member, then 404, 400 or 409 in pt-BR', async () => {
    const app = await createApplicationAs(t, owner.token);
    const unknown = await t.post(`/v1/applications/${app.id}/members`, {
      body: { email: 'ninguem@test.local' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Usuário não encontrado', code: 'NOT_FOUND' });

    const invalid = await t.post(`/v1/applications/${app.id}/members`, {
      body: { email: 'nao-e-email' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Email inválido');

    const flags = await t.post(`/v1/applications/${app.id}/members`, {
      body: { email: other.email, canWrite: 'sim' },
    });
    expect(flags.status).toBe(400);

    expect(
      (
        await t.post(`/v1/applications/${app.id}/members`, {
          body: { email: other.email },
        })
      ).status,
    ).toBe(201);
    for (const email of [other.email, owner.email]) {
      const again = await t.post(`/v1/applications/${app.id}/members`, {
        body: { email },
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('Este usuário já é membro da aplicação');
    }
  });

  it('When the owner changes flags, then they apply at once, and write or delete imply read', async () => {
    const app = await createApplicationAs(t, owner.token);
    await t.post(`/v1/applications/${app.id}/members`, { body: { email: other.email } });
    expect(
      (await t.put(`/v1/applications/${app.id}`, { body: { name: 'x' }, token: other.token })).status,
    ).toBe(403);
    const res = await t.put(`/v1/applications/${app.id}/members/${other.id}`, {
      body: { canRead: false, canWrite: true, canDelete: true },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ canRead: true, canWrite: true, canDelete: true, isOwner: false });
    expect(
      (await t.put(`/v1/applications/${app.id}`, { body: { name: 'x' }, token: other.token })).status,
    ).toBe(200);
    const partial = await t.put(`/v1/applications/${app.id}/members/${other.id}`, {
      body: { canDelete: false },
      token: owner.token,
    });
    expect(partial.body.data).toMatchObject({ canRead: true, canWrite: true, canDelete: false });
    expect((await t.del(`/v1/applications/${app.id}`, { token: other.token })).status).toBe(403);
  });

  it('When a member of a PRIVATE application is stripped of every permission, then all of it is 404 to them, as to an outsider', async () => {
    const app = await createApplicationAs(t, owner.token);
    const chain = await insertEventChain(t, app.id, { visibility: 'PRIVATE' });
    await t.post(`/v1/applications/${app.id}/members`, { body: { email: other.email } });
    const reads = [
      `/v1/applications/${app.id}`,
      `/v1/events/${chain.eventId}`,
      `/v1/subscriptions/${chain.subscriptionId}`,
      `/v1/logs/${chain.deliveryLogId}`,
      `/v1/rabbitmq/events/${chain.eventLogId}`,
    ];
    for (const url of reads) expect((await t.get(url, { token: other.token })).status, url).toBe(200);

    const res = await t.put(`/v1/applications/${app.id}/members/${other.id}`, {
      body: { canRead: false, canWrite: false, canDelete: false },
      token: owner.token,
    });
    expect(res.body.data).toMatchObject({ canRead: false, canWrite: false, canDelete: false });
    for (const url of reads) expect((await t.get(url, { token: other.token })).status, url).toBe(404);
    const ids = async (url: string) =>
      ((await t.get(url, { token: other.token })).body.data as Array<{ id: string }>).map((row) => row.id);
    expect(await ids('/v1/applications')).not.toContain(app.id);
    expect(await ids('/v1/events')).not.toContain(chain.eventId);
    expect(await ids('/v1/subscriptions')).not.toContain(chain.subscriptionId);
    expect(await ids('/v1/logs')).not.toContain(chain.deliveryLogId);
    expect(await ids('/v1/rabbitmq/events')).not.toContain(chain.eventLogId);
  });

  it('When someone tries to change or remove the owner, then 422 in pt-BR', async () => {
    const app = await createApplicationAs(t, owner.token);
    const change = await t.put(`/v1/applications/${app.id}/members/${owner.id}`, {
      body: { canWrite: false },
      token: owner.token,
    });
    expect(change.status).toBe(422);
    expect(change.body.error).toBe('As permissões do proprietário não podem ser alteradas');
    for (const token of [owner.token, t.adminToken]) {
      const remove = await t.del(`/v1/applications/${app.id}/members/${owner.id}`, { token });
      expect(remove.status).toBe(422);
      expect(remove.body).toEqual({
        error: 'O proprietário não pode ser removido da aplicação',
        code: 'UNPROCESSABLE',
      });
    }
  });

  it('When the owner removes a member, then a PRIVATE application is 404 to them again; unknown member is 404', async () => {
    const app = await createApplicationAs(t, owner.token);
    await t.post(`/v1/applications/${app.id}/members`, { body: { email: other.email } });
    expect((await t.get(`/v1/applications/${app.id}`, { token: other.token })).status).toBe(200);
    expect(
      (await t.del(`/v1/applications/${app.id}/members/${other.id}`, { token: owner.token })).status,
    ).toBe(204);
    expect((await t.get(`/v1/applications/${app.id}`, { token: other.token })).status).toBe(404);
    const again = await t.del(`/v1/applications/${app.id}/members/${other.id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Membro não encontrado');
  });

  it('When a member leaves on their own, then 204 and the application is gone from their list', async () => {
    const app = await createApplicationAs(t, owner.token);
    await t.post(`/v1/applications/${app.id}/members`, { body: { email: other.email } });
    expect(
      (await t.del(`/v1/applications/${app.id}/members/${other.id}`, { token: other.token })).status,
    ).toBe(204);
    const list = await t.get('/v1/applications', { token: other.token });
    expect(list.body.data.map((item: { id: string }) => item.id)).not.toContain(app.id);
  });

  it('When a member user is deleted, then their membership goes with them', async () => {
    const app = await createApplicationAs(t, owner.token);
    const leaving = await t.createUser();
    await t.post(`/v1/applications/${app.id}/members`, {
      body: { email: leaving.email },
    });
    expect((await t.del(`/v1/admin/users/${leaving.id}`)).status).toBe(204);
    const members = await t.get(`/v1/applications/${app.id}/members`, { token: owner.token });
    expect(members.body.data).toHaveLength(1);
  });
});

/**
 * Every application and membership route × every kind of caller, on a PRIVATE
 * and a PUBLIC application. Each caller gets a fresh application, so the
 * destructive routes run last on it.
 */
describe('access matrix', () => {
  let t: TestApp;
  let users: Record<'owner' | 'reader' | 'writer' | 'deleter' | 'outsider' | 'target', User>;
  beforeAll(async () => {
    t = await createTestApp();
    users = {
      owner: await t.createUser({ name: 'owner' }),
      reader: await t.createUser({ name: 'reader' }),
      writer: await t.createUser({ name: 'writer' }),
      deleter: await t.createUser({ name: 'deleter' }),
      outsider: await t.createUser({ name: 'outsider' }),
      target: await t.createUser({ name: 'target' }),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  type Visibility = 'PRIVATE' | 'PUBLIC';
  type Caller = 'anonymous' | 'outsider' | 'reader' | 'writer' | 'deleter' | 'owner' | 'admin';
  const ROUTES = [
    'GET detail',
    'GET api-key',
    'PUT',
    'POST regenerate-key',
    'GET members',
    'POST members',
    'PUT member',
    'DELETE member',
    'DELETE',
  ] as const;
  type Route = (typeof ROUTES)[number];

  async function fixture(visibility: Visibility) {
    const app = await createApplicationAs(t, users.owner.token, `Matriz ${visibility}`);
    if (visibility === 'PUBLIC') await setVisibility(t, app.id, 'PUBLIC');
    const add = (email: string, flags: object) =>
      t.post(`/v1/applications/${app.id}/members`, { body: { email, ...flags } });
    await add(users.reader.email, { canRead: true });
    await add(users.writer.email, { canRead: true, canWrite: true });
    await add(users.deleter.email, { canRead: true, canDelete: true });
    await add(users.target.email, { canRead: true });
    const newcomer = await t.createUser();
    return { app, newcomer };
  }

  function call(route: Route, id: string, token: string | null, newcomerEmail: string) {
    const base = `/v1/applications/${id}`;
    const target = `${base}/members/${users.target.id}`;
    switch (route) {
      case 'GET detail':
        return t.get(base, { token });
      case 'GET api-key':
        return t.get(`${base}/api-key`, { token });
      case 'PUT':
        return t.put(base, { body: { name: 'Renomeada' }, token });
      case 'POST regenerate-key':
        return t.post(`${base}/regenerate-key`, { token });
      case 'GET members':
        return t.get(`${base}/members`, { token });
      case 'POST members':
        return t.post(`${base}/members`, { body: { email: newcomerEmail }, token });
      case 'PUT member':
        return t.put(target, { body: { canWrite: true }, token });
      case 'DELETE member':
        return t.del(target, { token });
      case 'DELETE':
        return t.del(base, { token });
    }
  }

  const SUCCESS: Record<Route, number> = {
    'GET detail': 200,
    'GET api-key': 200,
    PUT: 200,
    'POST regenerate-key': 200,
    'GET members': 200,
    'POST members': 201,
    'PUT member': 200,
    'DELETE member': 204,
    DELETE: 204,
  };
  const allowed: Record<Exclude<Caller, 'anonymous' | 'outsider'>, Route[]> = {
    reader: ['GET detail', 'GET members'],
    writer: ['GET detail', 'GET api-key', 'PUT', 'GET members'],
    deleter: ['GET detail', 'GET members', 'DELETE'],
    owner: [...ROUTES],
    admin: [...ROUTES],
  };

  function expected(caller: Caller, visibility: Visibility, route: Route): number {
    if (caller === 'anonymous') return 401;
    if (caller === 'outsider') {
      if (visibility === 'PRIVATE') return 404;
      return route === 'GET detail' ? 200 : 403;
    }
    if (!allowed[caller].includes(route)) return 403;
    // A non-admin's addition by e-mail is an invitation.
    return route === 'POST members' && caller !== 'admin' ? 202 : SUCCESS[route];
  }

  const CALLERS: Caller[] = ['anonymous', 'outsider', 'reader', 'writer', 'deleter', 'owner', 'admin'];
  for (const visibility of ['PRIVATE', 'PUBLIC'] as const) {
    for (const caller of CALLERS) {
      it(`When ${caller} calls every route of a ${visibility} application, then each answers as its permissions say`, async () => {
        const { app, newcomer } = await fixture(visibility);
        const token = caller === 'anonymous' ? null : caller === 'admin' ? t.adminToken : users[caller].token;
        const outcome: Record<string, number> = {};
        const wanted: Record<string, number> = {};
        for (const route of ROUTES) {
          const res = await call(route, app.id, token, newcomer.email);
          outcome[route] = res.status;
          wanted[route] = expected(caller, visibility, route);
          if (res.status >= 400) expect(typeof res.body.error).toBe('string');
          if (res.status === 404) expect(res.body.error).toBe('Aplicação não encontrada');
          if (res.status === 200 && route === 'GET detail' && !allowed[caller as 'writer']?.includes('PUT')) {
            expect(JSON.stringify(res.body)).not.toContain('apiKey"');
          }
        }
        expect(outcome).toEqual(wanted);
      });
    }
  }

  it('When an outsider lists or searches, then PRIVATE applications of others never appear or count', async () => {
    const { app } = await fixture('PRIVATE');
    const { app: visible } = await fixture('PUBLIC');
    const outsider = users.outsider.token;
    for (const url of [
      '/v1/applications?limit=100',
      '/v1/applications?limit=100&search=Matriz',
      '/v1/applications?limit=100&scope=discover',
      '/v1/applications?limit=100&scope=discover&search=Matriz%20PRIVATE',
    ]) {
      const res = await t.get(url, { token: outsider });
      expect(res.status).toBe(200);
      const ids = res.body.data.map((item: { id: string }) => item.id);
      expect(ids).not.toContain(app.id);
      expect(res.body.stats.private).toBe(0);
      expect(JSON.stringify(res.body)).not.toContain('Matriz PRIVATE');
    }
    const discover = await t.get('/v1/applications?limit=100&scope=discover', { token: outsider });
    expect(discover.body.data.map((item: { id: string }) => item.id)).toContain(visible.id);
    expect((await t.get('/v1/applications', { token: null })).status).toBe(401);
  });
});
