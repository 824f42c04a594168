import type { TLoginRequest, TLoginResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import { invalidCredentials, rateLimited, userInactive } from '../../domain/errors';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import {
  clearLoginFailures,
  countLoginFailures,
  deleteLoginFailure,
  deleteSession,
  deleteUserSessions,
  findUserByEmail,
  insertLoginFailure,
  insertSession,
  lockLoginEmail,
} from './queries';
import { toUserView } from './user-view';

/** Compared against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

/**
 * Takes one attempt of the window for (email, ip), written down as a failure until the password
 * proves right; false when the pair has used LOGIN_MAX_FAILURES_PER_IP, or the e-mail
 * LOGIN_MAX_FAILURES_PER_ACCOUNT from all addresses together. Counting and taking happen under a
 * lock on the e-mail, so concurrent attempts cannot all see room: at most the limits of passwords
 * are ever checked per window, however many arrive at once and from wherever.
 */
async function reserveAttempt(ctx: AppContext, email: string, ip: string, attemptId: string) {
  const { LOGIN_MAX_FAILURES_PER_IP, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_FAILURE_WINDOW_MINUTES } =
    ctx.config;
  const since = new Date(ctx.clock().getTime() - LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  return ctx.db.transaction(async (tx) => {
    await lockLoginEmail(tx, email);
    const failures = await countLoginFailures(tx, email, ip, since);
    if (failures.fromAddress >= LOGIN_MAX_FAILURES_PER_IP) return false;
    if (failures.fromAll >= LOGIN_MAX_FAILURES_PER_ACCOUNT) return false;
    await insertLoginFailure(tx, { id: attemptId, email, ip, createdAt: ctx.clock() });
    return true;
  });
}

export async function loginUser(
  ctx: AppContext,
  input: TLoginRequest & { ip: string },
): Promise<TLoginResponse> {
  const attemptId = newId();
  if (!(await reserveAttempt(ctx, input.email, input.ip, attemptId))) {
    const minutes = ctx.config.LOGIN_FAILURE_WINDOW_MINUTES;
    throw rateLimited(
      `Muitas tentativas de login. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    );
  }
  const user = await findUserByEmail(ctx.db, input.email);
  dummyHash ??= hashPassword(randomToken());
  const isValid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  // A wrong password leaves its reserved attempt recorded as a failure.
  if (!user || !isValid) throw invalidCredentials('Credenciais inválidas');
  if (!user.isActive) {
    await deleteLoginFailure(ctx.db, attemptId);
    throw userInactive('Usuário inativo. Procure um administrador.');
  }
  await clearLoginFailures(ctx.db, input.email, input.ip);
  const token = await createSession(ctx, user.id);
  return { user: toUserView(user), token };
}

/** Opaque random token; only its hash is stored. */
export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = ctx.clock();
  await insertSession(ctx.db, {
    id: newId(),
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.SESSION_TTL_HOURS * 3_600_000),
  });
  return token;
}

export async function logoutSession(ctx: AppContext, sessionId: string) {
  await deleteSession(ctx.db, sessionId);
}

/** Ends every session of a user (deactivation, password change), optionally keeping one. */
export async function revokeUserSessions(ctx: AppContext, userId: string, keepSessionId?: string) {
  await deleteUserSessions(ctx.db, userId, keepSessionId);
}
