import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessions, users } from '../db/schema';
import { AppError } from '../domain/errors';
import type { SessionUser } from '../domain/session-user';
import { sha256 } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

const unauthorized = () => new AppError('UNAUTHORIZED', 'Sessão inválida ou expirada. Faça login novamente.');

/** Resolves the Bearer token to an active user with an unexpired session, or null. */
export async function findSessionUser(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({
      sessionId: sessions.id,
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        gt(sessions.expiresAt, ctx.clock()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Hooks for routes: `onRequest: [auth.requireUser]`. */
export function createAuthHooks(ctx: AppContext) {
  async function loadUser(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) return;
    const row = await findSessionUser(ctx, token);
    if (!row) return;
    const { sessionId, ...user } = row;
    request.user = user;
    request.sessionId = sessionId;
  }
  return {
    /** Sets request.user when a valid token is present; never refuses. */
    async optionalUser(request: FastifyRequest) {
      await loadUser(request);
    },
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      await loadUser(request);
      if (!request.user) throw unauthorized();
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      await loadUser(request);
      if (!request.user) throw unauthorized();
      if (!request.user.isAdmin) throw new AppError('FORBIDDEN', 'Acesso restrito a administradores');
    },
  };
}
export type AuthHooks = ReturnType<typeof createAuthHooks>;

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
