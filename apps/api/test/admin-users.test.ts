import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';

describe('admin users API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const countUsers = async () => (await t.get('/v1/admin/users?limit=100')).body.pagination.total as number;

  it('When an admin creates a user, then it is listed with zero applications and no password anywhere', async () => {
    const res = await t.post('/v1/admin/users', {
      body: { name: 'Maria Silva', email: 'Maria@Example.com', password: 'segredo1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Maria Silva',
      email: 'maria@example.com',
      isAdmin: false,
      isActive: true,
    });
    const list = await t.get('/v1/admin/users?search=maria');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]._count).toEqual({ userApplications: 0 });
    expect(JSON.stringify(list.body)).not.toMatch(/segredo1|passwordHash|scrypt/);
    expect((await t.login('maria@example.com', 'segredo1')).length).toBeGreaterThan(20);
  });

  it('When the e-mail is already taken (any case), then 409 and nothing is created', async () => {
    const before = await countUsers();
    const res = await t.post('/v1/admin/users', {
      body: { name: 'Outra', email: 'MARIA@example.com', password: 'segredo2' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Já existe um usuário com este e-mail', code: 'CONFLICT' });
    expect(await countUsers()).toBe(before);
  });

  it('When create input breaks a rule, then 400 with the pt-BR message of the broken rule and nothing changes', async () => {
    const before = await countUsers();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', email: 'a@b.co', password: 'abcdef-12' }, 'Nome é obrigatório'],
      [{ name: 'A', email: 'a@b.co', password: 'abcdef-12' }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ name: 'Ana', email: '', password: 'abcdef-12' }, 'Email é obrigatório'],
      [{ name: 'Ana', email: 'ana@', password: 'abcdef-12' }, 'Email inválido'],
      [{ name: 'Ana', email: 'ana@b.co', password: '' }, 'Senha é obrigatória'],
      [{ name: 'Ana', email: 'ana@b.co', password: '1234567' }, 'Senha deve ter pelo menos 8 caracteres'],
      [
        { name: 'x'.repeat(10_000), email: 'ana@b.co', password: 'abcdef-12' },
        'Nome deve ter no máximo 255 caracteres',
      ],
      [{ name: 123, email: 'ana@b.co', password: 'abcdef-12' }, 'Nome é obrigatório'],
      [
        { name: 'Ana', email: 'ana@b.co', password: 'abcdef-12', isAdmin: 'yes' },
        'Valor inválido: esperado um booleano (true ou false), recebido um texto',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/v1/admin/users', { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.error).toBe(message);
    }
    const malformed = await t.post('/v1/admin/users', {
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it('When listing, then pagination and case-insensitive search on name and e-mail work across pages', async () => {
    for (let index = 0; index < 12; index++) {
      const res = await t.post('/v1/admin/users', {
        body: { name: `Paginado ${index}`, email: `pag${index}@lista.com`, password: 'abcdef-12' },
      });
      expect(res.status).toBe(201);
    }
    const page1 = await t.get('/v1/admin/users?page=1&limit=10&search=PAGINADO');
    expect(page1.body.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(page1.body.data).toHaveLength(10);
    const page2 = await t.get('/v1/admin/users?page=2&limit=10&search=paginado');
    expect(page2.body.data).toHaveLength(2);
    const ids = new Set([...page1.body.data, ...page2.body.data].map((user: { id: string }) => user.id));
    expect(ids.size).toBe(12);
    const byEmail = await t.get('/v1/admin/users?search=LISTA.COM');
    expect(byEmail.body.pagination.total).toBe(12);
    const literal = await t.get(`/v1/admin/users?search=${encodeURIComponent('%')}`);
    expect(literal.body.pagination.total).toBe(0);
    const badPage = await t.get('/v1/admin/users?page=0');
    expect(badPage.status).toBe(400);
    const badLimit = await t.get('/v1/admin/users?limit=abc');
    expect(badLimit.status).toBe(400);
  });

  it('When an admin reads, updates and deletes a user, then each change is visible', async () => {
    const created = await t.post('/v1/admin/users', {
      body: { name: 'Joao', email: 'joao@example.com', password: 'abcdef-12' },
    });
    const id = created.body.data.id;
    const detail = await t.get(`/v1/admin/users/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      name: 'Joao',
      userApplications: [],
      _count: { userApplications: 0 },
    });

    const updated = await t.put(`/v1/admin/users/${id}`, {
      body: { name: 'João Souza', email: 'joao.souza@example.com' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'João Souza', email: 'joao.souza@example.com' });
    expect((await t.login('joao.souza@example.com', 'abcdef-12')).length).toBeGreaterThan(20);

    const withPassword = await t.put(`/v1/admin/users/${id}`, { body: { password: 'nova-senha' } });
    expect(withPassword.status).toBe(200);
    expect(
      (
        await t.post('/v1/auth/login', {
          body: { email: 'joao.souza@example.com', password: 'abcdef-12' },
          token: null,
        })
      ).status,
    ).toBe(401);
    expect((await t.login('joao.souza@example.com', 'nova-senha')).length).toBeGreaterThan(20);

    const short = await t.put(`/v1/admin/users/${id}`, { body: { password: '123' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Senha deve ter pelo menos 8 caracteres');

    const taken = await t.put(`/v1/admin/users/${id}`, { body: { email: ADMIN.email } });
    expect(taken.status).toBe(409);

    expect((await t.del(`/v1/admin/users/${id}`)).status).toBe(204);
    expect((await t.get(`/v1/admin/users/${id}`)).status).toBe(404);
    expect((await t.del(`/v1/admin/users/${id}`)).body).toEqual({
      error: 'Usuário não encontrado',
      code: 'NOT_FOUND',
    });
  });

  it('When the id is not a UUID, then 400; when it does not exist, then 404', async () => {
    expect((await t.get('/v1/admin/users/not-a-uuid')).status).toBe(400);
    const missing = await t.get('/v1/admin/users/0190a5b0-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Usuário não encontrado');
  });

  it('When an admin targets their own account, then delete and deactivation are refused', async () => {
    const me = (await t.get('/v1/auth/me')).body.data;
    const del = await t.del(`/v1/admin/users/${me.id}`);
    expect(del.status).toBe(422);
    expect(del.body.error).toBe('Você não pode excluir sua própria conta');
    const deactivate = await t.put(`/v1/admin/users/${me.id}`, { body: { isActive: false } });
    expect(deactivate.status).toBe(422);
    expect(deactivate.body.error).toBe('Você não pode desativar sua própria conta');
    expect((await t.get('/v1/auth/me')).status).toBe(200);
  });

  it('When only one admin would remain, then they cannot be demoted or deleted by another admin', async () => {
    const second = await t.createUser({ isAdmin: true });
    const me = (await t.get('/v1/auth/me')).body.data;
    // Two admins: demoting one is fine.
    const demote = await t.put(`/v1/admin/users/${second.id}`, { body: { isAdmin: false } });
    expect(demote.status).toBe(200);
    // Promote again, then the second admin removes the first: allowed, since one remains.
    await t.put(`/v1/admin/users/${second.id}`, { body: { isAdmin: true } });
    const secondToken = await t.login(second.email, second.password);
    const lastAdmin = await t.createUser({ isAdmin: false });
    expect(
      (await t.put(`/v1/admin/users/${lastAdmin.id}`, { body: { isAdmin: false }, token: secondToken }))
        .status,
    ).toBe(200);
    // The second admin demotes the bootstrap admin, who is then the only admin left; demoting the second is refused.
    expect(
      (await t.put(`/v1/admin/users/${me.id}`, { body: { isAdmin: false }, token: secondToken })).status,
    ).toBe(200);
    const refused = await t.del(`/v1/admin/users/${second.id}`, { token: secondToken });
    expect(refused.status).toBe(422);
    const refusedDemote = await t.put(`/v1/admin/users/${second.id}`, {
      body: { isAdmin: false },
      token: secondToken,
    });
    expect(refusedDemote.status).toBe(422);
    expect(refusedDemote.body.error).toBe('O último administrador não pode ser removido ou desativado');
    // Restore the bootstrap admin for later tests.
    expect(
      (await t.put(`/v1/admin/users/${me.id}`, { body: { isAdmin: true }, token: secondToken })).status,
    ).toBe(200);
  });

  it('When a non-admin or anonymous caller uses any admin route, then 403 or 401 and nothing changes', async () => {
    const member = await t.createUser();
    const before = await countUsers();
    const target = (await t.get('/v1/admin/users?limit=1')).body.data[0].id;
    const calls: Array<[string, string, object?]> = [
      ['GET', '/v1/admin/users'],
      ['POST', '/v1/admin/users', { name: 'Hacker', email: 'h@x.com', password: 'abcdef-12', isAdmin: true }],
      ['GET', `/v1/admin/users/${target}`],
      ['PUT', `/v1/admin/users/${target}`, { isAdmin: false }],
      ['DELETE', `/v1/admin/users/${target}`],
    ];
    for (const [method, url, body] of calls) {
      const asMember = await t.app.inject({
        method: method as 'GET',
        url,
        payload: body,
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      expect(JSON.parse(asMember.body)).toEqual({
        error: 'Acesso restrito a administradores',
        code: 'FORBIDDEN',
      });
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload: body });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await countUsers()).toBe(before);
  });
});
