import { COMMON_PASSWORD_MESSAGE } from '@wm/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { StartRefusedError } from '../src/lib/start-refused';
import { bootstrapAdmin } from '../src/modules/admin-users/bootstrap-admin';
import { createTestApp, type TestApp } from './support/test-app';

const SHORT = 'Senha deve ter pelo menos 8 caracteres';
const BLANK = 'Senha não pode conter apenas espaços';
const NEEDS_PASSWORD = 'Informe a senha atual para alterar o e-mail';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '5' });
});

afterAll(async () => {
  await t.close();
});

describe('password policy', () => {
  it('When an admin creates or edits a user with a short, blank or common password, then 400 in pt-BR', async () => {
    const base = { name: 'Rita', email: 'rita@policy.local' };
    for (const [password, message] of [
      ['abc1234', SHORT],
      ['         ', BLANK],
      ['password123', COMMON_PASSWORD_MESSAGE],
      ['Senha123', COMMON_PASSWORD_MESSAGE],
    ]) {
      const created = await t.post('/v1/admin/users', { body: { ...base, password } });
      expect(created.status, password).toBe(400);
      expect(created.body.error, password).toBe(message);
    }
    const created = await t.post('/v1/admin/users', { body: { ...base, password: 'rita-segura-9' } });
    expect(created.status).toBe(201);
    const edited = await t.put(`/v1/admin/users/${created.body.data.id}`, { body: { password: '12345678' } });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await t.login('rita@policy.local', 'rita-segura-9')).toBeTruthy();
  });

  it('When a user changes to a common password, then 400 and the old one still works', async () => {
    const user = await t.createUser();
    const answer = await t.post('/v1/auth/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'qwerty123' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await t.login(user.email, user.password)).toBeTruthy();
  });
});

describe('changing the e-mail', () => {
  it('When the e-mail changes without the current password, or with a wrong one, then 400 and nothing changes', async () => {
    const user = await t.createUser();
    const missing = await t.put('/v1/auth/me', {
      token: user.token,
      body: { name: 'Nome Novo', email: 'tomada@policy.local' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(NEEDS_PASSWORD);
    expect(missing.body.details).toEqual([{ path: 'currentPassword', message: NEEDS_PASSWORD }]);
    const wrong = await t.put('/v1/auth/me', {
      token: user.token,
      body: { name: 'Nome Novo', email: 'tomada@policy.local', currentPassword: 'nao-e-esta' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Senha atual incorreta');
    const me = await t.get('/v1/auth/me', { token: user.token });
    expect(me.body.data.email).toBe(user.email);
    expect(me.body.data.name).not.toBe('Nome Novo');
  });

  it('When the current password is right, then the e-mail changes; a name alone (or the same e-mail in capitals) needs none', async () => {
    const user = await t.createUser();
    const renamed = await t.put('/v1/auth/me', {
      token: user.token,
      body: { name: 'Só o Nome', email: user.email.toUpperCase() },
    });
    expect(renamed.status).toBe(200);
    const moved = await t.put('/v1/auth/me', {
      token: user.token,
      body: { name: 'Só o Nome', email: 'mudou@policy.local', currentPassword: user.password },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.email).toBe('mudou@policy.local');
    expect(await t.login('mudou@policy.local', user.password)).toBeTruthy();
  });
});

describe('login limiting per account', () => {
  const loginFrom = (address: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: address,
      payload: { email, password },
    });

  it('When failures for one account come from many addresses, then past the account limit even the right password is 429', async () => {
    const user = await t.createUser();
    const bystander = await t.createUser();
    for (let index = 1; index <= 5; index++) {
      const failed = await loginFrom(`10.0.0.${index}`, user.email, 'senha-errada');
      expect(failed.statusCode, `address ${index}`).toBe(401);
      // Spraying: the same addresses also try another account, which keeps its own count.
      if (index < 5) {
        expect((await loginFrom(`10.0.0.${index}`, bystander.email, 'senha-errada')).statusCode).toBe(401);
      }
    }
    const blocked = await loginFrom('10.0.0.99', user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(JSON.parse(blocked.body)).toEqual({
      error: 'Muitas tentativas de login. Tente novamente em 15 minutos.',
      code: 'RATE_LIMITED',
    });
    expect((await loginFrom('10.0.0.99', bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it('When one address fails past its own limit, then it is blocked before the account limit', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await loginFrom('10.1.0.1', user.email, 'senha-errada')).statusCode).toBe(401);
    }
    expect((await loginFrom('10.1.0.1', user.email, user.password)).statusCode).toBe(429);
    expect((await loginFrom('10.1.0.2', user.email, user.password)).statusCode).toBe(200);
  });
});

describe('bootstrap admin', () => {
  it('When ADMIN_PASSWORD breaks the policy on a first start, then the start is refused naming it and no user is created', async () => {
    await t.ctx.db.execute(sql`DELETE FROM users`);
    const starting = (password: string) =>
      bootstrapAdmin({ ...t.ctx, config: { ...t.ctx.config, ADMIN_PASSWORD: password } }, () => {});
    await expect(starting('admin123')).rejects.toThrow(StartRefusedError);
    await expect(starting('admin123')).rejects.toThrow(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
    await expect(starting('curta12')).rejects.toThrow(`ADMIN_PASSWORD: ${SHORT}`);
    expect((await t.ctx.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    expect(await starting('troque-esta-senha')).toMatchObject({ email: 'admin@test.local' });
  });
});
