import {
  singleItem,
  ZApplicationConsumerParams,
  ZConsumerListQuery,
  ZConsumerListResponse,
  ZConsumerSubscriptionParams,
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
import { type AuthHooks, currentApiKeyOrUser } from '../../http/auth';
import { EMIT_SECURITY, errorResponses, NO_CONTENT } from '../../http/openapi';
import { answerItem } from '../../http/route-declarations';
import {
  createConsumerSubscription,
  deleteConsumerSubscription,
  listConsumerSubscriptions,
  listConsumers,
  updateConsumerSubscription,
} from './service';

/** An application's consumers and their subscriptions, for its API key or its writers. */
export function registerConsumerRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { preHandler: [auth.requireApiKeyOrUser] };
  const schema = { tags: ['consumers'], security: EMIT_SECURITY };
  const target = (params: { id: string; consumerId: string }) => ({
    applicationId: params.id,
    consumerId: params.consumerId,
  });

  r.get(
    '/applications/:id/consumers',
    {
      ...common,
      schema: {
        ...schema,
        params: ZIdParams,
        querystring: ZConsumerListQuery,
        response: { 200: ZConsumerListResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listConsumers(ctx, currentApiKeyOrUser(request), request.params.id, request.query),
  );

  r.get(
    '/applications/:id/consumers/:consumerId/subscriptions',
    {
      ...common,
      schema: {
        ...schema,
        params: ZApplicationConsumerParams,
        querystring: ZSubscriptionListQuery,
        response: { 200: ZSubscriptionListResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      listConsumerSubscriptions(ctx, currentApiKeyOrUser(request), target(request.params), request.query),
  );

  r.post(
    '/applications/:id/consumers/:consumerId/subscriptions',
    {
      ...common,
      schema: {
        ...schema,
        params: ZApplicationConsumerParams,
        body: ZCreateSubscriptionRequest,
        response: { 201: singleItem(ZSubscription), ...errorResponses(401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await answerItem(
            createConsumerSubscription(
              ctx,
              currentApiKeyOrUser(request),
              target(request.params),
              request.body,
            ),
          ),
        ),
  );

  const oneSubscription = '/applications/:id/consumers/:consumerId/subscriptions/:subId';

  r.patch(
    oneSubscription,
    {
      ...common,
      schema: {
        ...schema,
        params: ZConsumerSubscriptionParams,
        body: ZUpdateSubscriptionRequest,
        response: { 200: singleItem(ZSubscription), ...errorResponses(401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      answerItem(
        updateConsumerSubscription(
          ctx,
          currentApiKeyOrUser(request),
          target(request.params),
          request.params.subId,
          request.body,
        ),
      ),
  );

  r.delete(
    oneSubscription,
    {
      ...common,
      schema: {
        ...schema,
        params: ZConsumerSubscriptionParams,
        response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteConsumerSubscription(
        ctx,
        currentApiKeyOrUser(request),
        target(request.params),
        request.params.subId,
      );
      return reply.status(204).send();
    },
  );
}
