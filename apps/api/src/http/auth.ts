import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessions, users } from '../db/schema';
import { INVALID_API_KEY_MESSAGE, isWellFormedApiKey } from '../domain/api-key';
import { forbidden, unauthorized } from '../domain/errors';
import type { SessionUser } from '../domain/session-user';
import { sha256 } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** The hash of a well-formed `x-api-key`, set by requireApiKeyOrUser. */
    apiKeyHash: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

const invalidSession = () => unauthorized('Sessão inválida ou expirada. Faça login novamente.');
const missingCredentials = () => unauthorized('Envie a chave de API em x-api-key ou um token de sessão');

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
      if (!request.user) throw invalidSession();
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      await loadUser(request);
      if (!request.user) throw invalidSession();
      if (!request.user.isAdmin) throw forbidden('Acesso restrito a administradores');
    },
    /**
     * The caller of a machine call (emit, emit-rules): the application's API key, or a signed-in
     * user. A key is only checked for its form here (its hash is set on the request): the emit
     * checks it against the application on its own read, one round trip less. Run as a
     * preHandler, so a bad body still answers 400 first.
     */
    async requireApiKeyOrUser(request: FastifyRequest, _reply: FastifyReply) {
      const apiKey = request.headers['x-api-key'];
      if (typeof apiKey === 'string' && apiKey.length > 0) {
        if (!isWellFormedApiKey(apiKey)) throw unauthorized(INVALID_API_KEY_MESSAGE);
        request.apiKeyHash = sha256(apiKey);
        return;
      }
      if (!bearerToken(request)) throw missingCredentials();
      await loadUser(request);
      if (!request.user) throw invalidSession();
    },
  };
}
export type AuthHooks = ReturnType<typeof createAuthHooks>;

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw invalidSession();
  return request.user;
}

/** Who makes a call guarded by requireApiKeyOrUser: a key's hash, or the signed-in user. */
export type ApiKeyOrUser =
  | { apiKeyHash: string; user?: undefined }
  | { apiKeyHash?: undefined; user: SessionUser };

export function currentApiKeyOrUser(request: FastifyRequest): ApiKeyOrUser {
  if (request.apiKeyHash) return { apiKeyHash: request.apiKeyHash };
  return { user: currentUser(request) };
}
