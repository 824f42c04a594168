import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const ROUNDS = 6;

describe('last admin under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const activeAdmins = () =>
    t.ctx.database.query<{ id: string }>('SELECT id FROM users WHERE is_admin AND is_active');

  /** Leaves exactly two active admins (fresh ones) and returns them with their sessions. */
  const twoAdmins = async () => {
    const first = await t.createUser({ isAdmin: true });
    const second = await t.createUser({ isAdmin: true });
    for (const admin of await activeAdmins()) {
      if (admin.id === first.id || admin.id === second.id) continue;
      const res = await t.put(`/v1/admin/users/${admin.id}`, {
        body: { isAdmin: false },
        token: first.token,
      });
      expect(res.status).toBe(200);
    }
    expect((await activeAdmins()).map((admin) => admin.id).sort()).toEqual([first.id, second.id].sort());
    return [first, second] as const;
  };

  /** One call succeeds; the other is refused as the last admin (or, if it came in after, as no longer admin). */
  const expectOneRefused = (answers: Array<{ status: number; body: { error?: string } }>, round: number) => {
    const succeeded = answers.filter((answer) => answer.status < 300);
    expect(succeeded, `round ${round}`).toHaveLength(1);
    const refused = answers.find((answer) => answer.status >= 300);
    expect([401, 403, 422], `round ${round}`).toContain(refused?.status);
    if (refused?.status === 422) {
      expect(refused.body.error).toBe('O último administrador não pode ser removido ou desativado');
    }
  };

  it('When two admins demote each other at the same moment, then one of them always stays admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = await twoAdmins();
      const answers = await Promise.all([
        t.put(`/v1/admin/users/${second.id}`, { body: { isAdmin: false }, token: first.token }),
        t.put(`/v1/admin/users/${first.id}`, { body: { isAdmin: false }, token: second.token }),
      ]);
      expect((await activeAdmins()).length, `round ${round}`).toBe(1);
      expectOneRefused(answers, round);
    }
  });

  it('When two admins delete or deactivate each other at the same moment, then one of them always stays admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = await twoAdmins();
      const answers = await Promise.all([
        t.del(`/v1/admin/users/${second.id}`, { token: first.token }),
        round % 2 === 0
          ? t.del(`/v1/admin/users/${first.id}`, { token: second.token })
          : t.put(`/v1/admin/users/${first.id}`, { body: { isActive: false }, token: second.token }),
      ]);
      expect((await activeAdmins()).length, `round ${round}`).toBe(1);
      expectOneRefused(answers, round);
    }
  });
});
