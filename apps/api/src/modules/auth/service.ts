import type { TLoginRequest, TLoginResponse } from '@wm/contracts';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginFailures, sessions, users } from '../../db/schema';
import { AppError } from '../../domain/errors';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { toUserView } from './user-view';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Compared against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

/**
 * Takes one of the LOGIN_FAILURE_LIMIT attempts of the window for (email, ip), written down as a
 * failure until the password proves right; false when none is left. Counting and taking happen
 * under a lock on the pair, so concurrent attempts cannot all see room: at most the limit of
 * passwords is ever checked per window, however many arrive at once.
 */
async function reserveAttempt(ctx: AppContext, email: string, ip: string, attemptId: string) {
  const since = new Date(ctx.clock().getTime() - LOGIN_FAILURE_WINDOW_MS);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${email}\n${ip}`}))`);
    const [row] = await tx
      .select({ value: count() })
      .from(loginFailures)
      .where(
        and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)),
      );
    if ((row?.value ?? 0) >= LOGIN_FAILURE_LIMIT) return false;
    await tx.insert(loginFailures).values({ id: attemptId, email, ip, createdAt: ctx.clock() });
    return true;
  });
}

export async function loginUser(
  ctx: AppContext,
  input: TLoginRequest & { ip: string },
): Promise<TLoginResponse> {
  const attemptId = newId();
  if (!(await reserveAttempt(ctx, input.email, input.ip, attemptId))) {
    throw new AppError('RATE_LIMITED', 'Muitas tentativas de login. Tente novamente em 15 minutos.');
  }
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  dummyHash ??= hashPassword(randomToken());
  const isValid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  // A wrong password leaves its reserved attempt recorded as a failure.
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', 'Credenciais inválidas');
  if (!user.isActive) {
    await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    throw new AppError('USER_INACTIVE', 'Usuário inativo. Procure um administrador.');
  }
  await ctx.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, input.email), eq(loginFailures.ip, input.ip)));
  const token = await createSession(ctx, user.id);
  return { user: toUserView(user), token };
}

/** Opaque random token; only its hash is stored. */
export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = ctx.clock();
  await ctx.db.insert(sessions).values({
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
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (deactivation, password change), optionally keeping one. */
export async function revokeUserSessions(ctx: AppContext, userId: string, keepSessionId?: string) {
  await ctx.db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`)
        : eq(sessions.userId, userId),
    );
}
