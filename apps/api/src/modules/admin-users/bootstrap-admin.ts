import { ZPassword } from '@wm/contracts';
import type { AppContext } from '../../context';
import { randomToken } from '../../lib/crypto';
import { StartRefusedError } from '../../lib/start-refused';
import { countUsers } from './queries';
import { createUser } from './service';

/**
 * First start with no users: create an admin from ADMIN_EMAIL / ADMIN_PASSWORD (refused when
 * the password breaks the policy), or with a generated password printed once to stdout (never to
 * the log).
 */
export async function bootstrapAdmin(ctx: AppContext, print: (line: string) => void = console.log) {
  if ((await countUsers(ctx.db)) > 0) return null;
  const email = (ctx.config.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase();
  const password = ctx.config.ADMIN_PASSWORD ?? randomToken(12);
  // The first admin follows the password policy like every other account.
  const check = ZPassword.safeParse(password);
  if (!check.success) {
    throw new StartRefusedError(`ADMIN_PASSWORD: ${check.error.issues[0]?.message ?? 'senha inválida'}`);
  }
  const admin = await createUser(ctx, { name: 'Administrador', email, password, isAdmin: true });
  if (!ctx.config.ADMIN_PASSWORD) {
    print(`\nAdministrador criado: ${email}\nSenha gerada (mostrada só agora): ${password}\n`);
  }
  return admin;
}
