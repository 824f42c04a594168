import {
  singleItem,
  ZCreateSubscriptionRequest,
  ZRecoverSubscriptionRequest,
  ZRecoverSubscriptionResponse,
  ZSubscription,
  ZSubscriptionHealth,
  ZSubscriptionListQuery,
  ZSubscriptionListResponse,
  ZUpdateSubscriptionRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { sessionErrors } from '../../http/openapi';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { getSubscriptionHealth } from './health-service';
import { recoverSubscription } from './recover-subscription';
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

  registerCrudRoutes(app, auth, {
    path: '/subscriptions',
    tag: 'subscriptions',
    item: ZSubscription,
    list: {
      query: ZSubscriptionListQuery,
      response: ZSubscriptionListResponse,
      run: (user, query) => listSubscriptions(ctx, user, query),
    },
    get: (user, id) => getSubscription(ctx, user, id),
    create: { body: ZCreateSubscriptionRequest, run: (user, body) => createSubscription(ctx, user, body) },
    update: {
      body: ZUpdateSubscriptionRequest,
      run: (user, id, body) => updateSubscription(ctx, user, id, body),
    },
    remove: (user, id) => deleteSubscription(ctx, user, id),
  });

  r.post(
    '/subscriptions/:id/rotate-secret',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZSubscription), ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) => answerItem(rotateSubscriptionSecret(ctx, currentUser(request), request.params.id)),
  );

  r.get(
    '/subscriptions/:id/health',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZSubscriptionHealth, ...sessionErrors(404) },
      }),
    },
    async (request) => getSubscriptionHealth(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/subscriptions/:id/recover',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZRecoverSubscriptionRequest,
        response: { 200: ZRecoverSubscriptionResponse, ...sessionErrors(400, 403, 404, 409, 413, 415) },
      }),
    },
    async (request) =>
      answerItem(recoverSubscription(ctx, currentUser(request), request.params.id, request.body)),
  );
}
