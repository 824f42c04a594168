import {
  ZCreateSubscriptionRequest,
  ZIdParams,
  ZSubscriptionListQuery,
  ZUpdateSubscriptionRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSubscriptionSecret,
  updateSubscription,
} from './service';

export function registerSubscriptionRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['subscriptions'];

  r.get(
    '/subscriptions',
    { ...guard, schema: { tags, querystring: ZSubscriptionListQuery } },
    async (request) => listSubscriptions(ctx, currentUser(request), request.query),
  );

  r.post(
    '/subscriptions',
    { ...guard, schema: { tags, body: ZCreateSubscriptionRequest } },
    async (request, reply) =>
      reply.status(201).send(await createSubscription(ctx, currentUser(request), request.body)),
  );

  r.get('/subscriptions/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request) =>
    getSubscription(ctx, currentUser(request), request.params.id),
  );

  r.put(
    '/subscriptions/:id',
    { ...guard, schema: { tags, params: ZIdParams, body: ZUpdateSubscriptionRequest } },
    async (request) => updateSubscription(ctx, currentUser(request), request.params.id, request.body),
  );

  r.delete(
    '/subscriptions/:id',
    { ...guard, schema: { tags, params: ZIdParams } },
    async (request, reply) => {
      await deleteSubscription(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/subscriptions/:id/rotate-secret',
    { ...guard, schema: { tags, params: ZIdParams } },
    async (request) => rotateSubscriptionSecret(ctx, currentUser(request), request.params.id),
  );
}
