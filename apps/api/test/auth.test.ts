import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When the bootstrap admin signs in, then it gets a token and its user without the password', async () => {
    const res = await t.post('/v1/auth/login', { body: ADMIN, token: null });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, isAdmin: true, isActive: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });

  it('When the e-mail differs only in case, then login still succeeds', async () => {
    const res = await t.post('/v1/auth/login', {
      body: { ...ADMIN, email: ADMIN.email.toUpperCase() },
      token: null,
    });
    expect(res.status).toBe(200);
  });

  it('When the password is wrong or the user unknown, then 401 Credenciais inválidas', async () => {
    for (const body of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@test.local', password: 'whatever1' },
    ]) {
      const res = await t.post('/v1/auth/login', { body, token: null, headers: { 'x-forwarded-for': 'x' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Credenciais inválidas', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('When login input is invalid, then 400 with the pt-BR message of the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: '', password: 'abcdef' }, 'Email é obrigatório'],
      [{ email: 'not-an-email', password: 'abcdef' }, 'Email inválido'],
      [{ email: 'a@b.co', password: '' }, 'Senha é obrigatória'],
      [{ password: 'abcdef' }, 'Email é obrigatório'],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/v1/auth/login', { body: body as object, token: null });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.error).toBe(message);
    }
  });

  it('When the body is malformed JSON, then 400 JSON error without internals', async () => {
    const res = await t.post('/v1/auth/login', {
      body: '{"email": ',
      token: null,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.error).toBe('JSON inválido no corpo da requisição');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|stack/i);
  });

  it('When a token is valid, then /auth/me answers the user; without one, 401 JSON', async () => {
    const me = await t.get('/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(ADMIN.email);
    const anonymous = await t.get('/v1/auth/me', { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    const garbage = await t.get('/v1/auth/me', { token: 'not-a-real-token' });
    expect(garbage.status).toBe(401);
  });

  it('When a session logs out, then its token stops working and others keep working', async () => {
    const first = await t.login(ADMIN.email, ADMIN.password);
    const second = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.post('/v1/auth/logout', { token: first })).status).toBe(204);
    expect((await t.get('/v1/auth/me', { token: first })).status).toBe(401);
    expect((await t.get('/v1/auth/me', { token: second })).status).toBe(200);
  });

  it('When a session has expired, then its token is refused', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const realClock = t.ctx.clock;
    t.ctx.clock = () => new Date(Date.now() + (t.ctx.config.SESSION_TTL_HOURS + 1) * 3_600_000);
    try {
      expect((await t.get('/v1/auth/me', { token })).status).toBe(401);
    } finally {
      t.ctx.clock = realClock;
    }
  });

  it('When a user is deactivated, then sign-in answers 403 and existing sessions end', async () => {
    const user = await t.createUser();
    const res = await t.put(`/v1/admin/users/${user.id}`, { body: { isActive: false } });
    expect(res.status).toBe(200);
    expect((await t.get('/v1/auth/me', { token: user.token })).status).toBe(401);
    const login = await t.post('/v1/auth/login', {
      body: { email: user.email, password: user.password },
      token: null,
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({
      error: 'Usuário inativo. Procure um administrador.',
      code: 'USER_INACTIVE',
    });
  });

  it('When more than 10 logins fail for one e-mail and IP, then the next is 429 even with the right password', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await t.post('/v1/auth/login', {
        body: { email: user.email, password: 'wrong-pass' },
        token: null,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.post('/v1/auth/login', {
      body: { email: user.email, password: user.password },
      token: null,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    const otherUser = await t.createUser();
    expect(otherUser.token).toBeTruthy();
  });

  it('When 30 wrong passwords arrive at once, then exactly 10 are checked and the rest answer 429', async () => {
    const user = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.post('/v1/auth/login', { body: { email: user.email, password: 'wrong-pass' }, token: null }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const blocked = await t.post('/v1/auth/login', {
      body: { email: user.email, password: user.password },
      token: null,
    });
    expect(blocked.status).toBe(429);
  });
});

describe('health and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When the database answers, then /healthz and /readyz are ok', async () => {
    expect((await t.get('/healthz', { token: null })).body).toEqual({ status: 'ok' });
    const ready = await t.get('/readyz', { token: null });
    expect(ready.status).toBe(200);
    expect(ready.body.checks.database).toBe('ok');
  });

  it('When a dependency is down, then /readyz answers 503 naming it', async () => {
    t.ctx.readinessChecks.set('broker', async () => {
      throw new Error('down');
    });
    const ready = await t.get('/readyz', { token: null });
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toEqual({ database: 'ok', broker: 'unavailable' });
    t.ctx.readinessChecks.delete('broker');
  });

  it('When the OpenAPI document is requested, then it lists the routes generated from the schemas', async () => {
    const doc = await t.get('/docs/json', { token: null });
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/login', '/v1/admin/users/{id}']),
    );
    expect(doc.body.paths['/v1/auth/login'].post.requestBody).toBeDefined();
  });

  it('When an unknown route is called, then 404 JSON', async () => {
    const res = await t.get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When requests were answered, then /metrics counts them by route template and status', async () => {
    await t.get('/v1/admin/users/0190a5b0-0000-7000-8000-000000000000');
    const res = await t.get('/metrics', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(
      'http_requests_total{method="GET",route="/v1/admin/users/:id",status="404"} 1',
    );
    expect(res.body).toMatch(/process_resident_memory_bytes \d+/);
  });
});
