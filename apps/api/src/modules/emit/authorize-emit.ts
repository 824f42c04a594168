import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../domain/errors';
import { bearerToken, findSessionUser } from '../../http/auth';
import { sha256 } from '../../lib/crypto';
import { applicationAccess, requireAccess } from '../access';
import { isWellFormedApiKey } from '../applications/api-keys';
import { INVALID_API_KEY_MESSAGE } from './service';

const missingCredentials = () =>
  new AppError('UNAUTHORIZED', 'Envie a chave de API em x-api-key ou um token de sessão');

/**
 * The caller of an emit (/events/emit, /emit-rules): the application's API key, or a signed-in
 * member with write permission. A key is checked by the emit on its own read (one round trip
 * less); answers the key's hash.
 */
export async function authorizeEmit(
  ctx: AppContext,
  request: FastifyRequest,
  applicationId: string,
): Promise<{ apiKeyHash?: string }> {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) {
    if (!isWellFormedApiKey(apiKey)) throw new AppError('UNAUTHORIZED', INVALID_API_KEY_MESSAGE);
    return { apiKeyHash: sha256(apiKey) };
  }
  const token = bearerToken(request);
  if (!token) throw missingCredentials();
  const user = await findSessionUser(ctx, token);
  if (!user) throw new AppError('UNAUTHORIZED', 'Sessão inválida ou expirada. Faça login novamente.');
  await requireAccess(ctx, user, applicationAccess, applicationId, 'write');
  return {};
}

/**
 * What both emit routes take from the request besides the body: the caller, the headers (for
 * filters), the Idempotency-Key, whose length the route's `ZEmitHeaders` schema has checked, and
 * the W3C `traceparent` the emit's span continues (one that does not parse starts a new trace).
 */
export async function readEmitCall(ctx: AppContext, request: FastifyRequest, applicationId: string) {
  const caller = await authorizeEmit(ctx, request, applicationId);
  const { 'idempotency-key': idempotencyHeader, traceparent } = request.headers;
  return {
    ...caller,
    headers: request.headers,
    idempotencyKey:
      typeof idempotencyHeader === 'string' && idempotencyHeader ? idempotencyHeader : undefined,
    traceparent: typeof traceparent === 'string' ? traceparent : undefined,
  };
}
