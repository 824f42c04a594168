import {
  ZCreateSubscriptionRequest,
  ZIdParams,
  ZSubscription,
  ZSubscriptionListQuery,
  ZSubscriptionListResponse,
  ZUpdateSubscriptionRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
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
    {
      ...guard,
      schema: {
        tags,
        querystring: ZSubscriptionListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZSubscriptionListResponse, ...sessionErrors() },
      },
    },
    async (request) => listSubscriptions(ctx, currentUser(request), request.query),
  );

  r.post(
    '/subscriptions',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateSubscriptionRequest,
        security: SESSION_SECURITY,
        response: { 201: ZSubscription, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSubscription(ctx, currentUser(request), request.body)),
  );

  r.get(
    '/subscriptions/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZSubscription, ...sessionErrors(404) },
      },
    },
    async (request) => getSubscription(ctx, currentUser(request), request.params.id),
  );

  r.put(
    '/subscriptions/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateSubscriptionRequest,
        security: SESSION_SECURITY,
        response: { 200: ZSubscription, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request) => updateSubscription(ctx, currentUser(request), request.params.id, request.body),
  );

  r.delete(
    '/subscriptions/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 204: NO_CONTENT, ...sessionErrors(403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSubscription(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/subscriptions/:id/rotate-secret',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZSubscription, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request) => rotateSubscriptionSecret(ctx, currentUser(request), request.params.id),
  );
}
