import { ZEmitHeaders, ZEmitRequest, ZIdParams } from '@wm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../domain/errors';
import { type AuthHooks, bearerToken, currentUser, findSessionUser } from '../../http/auth';
import { sha256 } from '../../lib/crypto';
import { applicationAccess, requireAccess, subscriptionAccess } from '../access';
import { isWellFormedApiKey } from '../applications/api-keys';
import { emitEvent, INVALID_API_KEY_MESSAGE } from './service';
import { testSubscription } from './test-subscription';

const missingCredentials = () =>
  new AppError('UNAUTHORIZED', 'Envie a chave de API em x-api-key ou um token de sessão');

/**
 * The emit caller: the application's API key, or a signed-in member with write permission.
 * A key is checked by emitEvent on its own read (one round trip less); answers the key's hash.
 */
async function authorizeEmit(
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

export function registerEmitRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/events/emit',
    { schema: { tags: ['emit'], body: ZEmitRequest, headers: ZEmitHeaders } },
    async (request, reply) => {
      const caller = await authorizeEmit(ctx, request, request.body.applicationId);
      const idempotencyHeader = request.headers['idempotency-key'];
      const answer = await emitEvent(ctx, {
        ...request.body,
        ...caller,
        headers: request.headers,
        idempotencyKey:
          typeof idempotencyHeader === 'string' && idempotencyHeader ? idempotencyHeader : undefined,
      });
      return reply.status(202).send(answer);
    },
  );

  r.post(
    '/subscriptions/:id/test',
    { onRequest: [auth.requireUser], schema: { tags: ['subscriptions'], params: ZIdParams } },
    async (request) => {
      const { row: subscription } = await requireAccess(
        ctx,
        currentUser(request),
        subscriptionAccess,
        request.params.id,
        'write',
      );
      return testSubscription(ctx, subscription);
    },
  );
}
