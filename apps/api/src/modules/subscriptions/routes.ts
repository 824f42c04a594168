import { ZRecoverSubscriptionRequest, ZRecoverSubscriptionResponse } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { sessionErrors } from '../../http/openapi';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { recoverSubscription } from './recover-subscription';
import { registerSubscriptionRouteSet } from './register-subscription-routes';

export function registerSubscriptionRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['subscriptions'];

  registerSubscriptionRouteSet(app, ctx, {
    path: '/subscriptions',
    tag: 'subscriptions',
    read: [auth.requireUser],
    write: [auth.requireUser],
    asCaller: (request, _missing, run) => run(currentUser(request)),
  });

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
