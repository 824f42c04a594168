import { PORTAL_MESSAGES, type PortalLocale, type PortalMessage, toEnglish } from '@wm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { ConsumerScope } from '../../domain/consumer-scope';
import { AppError, forbidden, notFound, rateLimited, unauthorized } from '../../domain/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import {
  findPortalSessionLocale,
  findPortalSessionScope,
  type PortalSessionScope,
} from '../portal-sessions/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The portal session of a /v1/portal route, set by requirePortalSession. */
    portalSession: PortalSessionScope | null;
  }
}

/** Before a session is known, the caller's browser language decides (English or else pt-BR). */
const localeOfHeaders = (request: FastifyRequest): PortalLocale =>
  /^en\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'en' : 'pt-BR';

const messageOf = (locale: PortalLocale, key: PortalMessage) => PORTAL_MESSAGES[locale][key];

/**
 * The portal's answers in its session's language: the use cases and schemas speak pt-BR, so an
 * English session's refusals (validation with its details, 403, 404, 409, 429…) are reworded by
 * the error handler through the contracts' one English catalogue.
 */
export const translatePortalErrors = (request: FastifyRequest) =>
  request.portalSession?.locale === 'en' ? toEnglish : undefined;

/** The portal's hooks: a live portal token (401 otherwise), and writes only when not read-only. */
export type PortalGuards = {
  requirePortalSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  requirePortalWrite: (request: FastifyRequest) => Promise<void>;
};

/**
 * The session `token` opens, in its scope; 401 when there is none, in the language of the
 * session the token named (expired or revoked), else of the caller's browser.
 */
export async function openPortalSession(
  ctx: AppContext,
  request: FastifyRequest,
  token: string | null,
): Promise<PortalSessionScope> {
  const session = token ? await findPortalSessionScope(ctx, token) : null;
  if (session) return session;
  const locale = (token ? await findPortalSessionLocale(ctx, token) : null) ?? localeOfHeaders(request);
  throw unauthorized(messageOf(locale, 'invalidSession'));
}

/**
 * Spends one request of the session's budget; past it, 429 with `Retry-After` in the session's
 * language. The budget is per session, so one consumer's busy tab slows only itself.
 */
export function refuseOverBudget(limiter: RateLimiter, session: PortalSessionScope, reply: FastifyReply) {
  const waitSeconds = limiter.take(session.sessionId);
  if (waitSeconds === 0) return;
  reply.header('retry-after', String(waitSeconds));
  throw rateLimited(messageOf(session.locale, 'tooManyRequests'), { retryAfterSeconds: waitSeconds });
}

export function refuseReadOnly(session: PortalSessionScope) {
  if (session.scope.isReadOnly) throw forbidden(messageOf(session.locale, 'readOnly'));
}

export function currentPortalSession(request: FastifyRequest): PortalSessionScope {
  if (!request.portalSession) throw unauthorized(messageOf(localeOfHeaders(request), 'invalidSession'));
  return request.portalSession;
}

/**
 * Runs a use case in the request's portal scope; what it cannot find answers 404 in the session's
 * language (the use cases speak pt-BR).
 */
export async function runInPortal<T>(
  request: FastifyRequest,
  missing: PortalMessage,
  run: (scope: ConsumerScope) => Promise<T>,
): Promise<T> {
  const session = currentPortalSession(request);
  try {
    return await run(session.scope);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw notFound(messageOf(session.locale, missing));
    }
    throw error;
  }
}
