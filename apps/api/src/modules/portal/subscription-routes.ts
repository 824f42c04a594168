import {
  singleItem,
  ZCreateSubscriptionRequest,
  ZIdParams,
  ZSubscription,
  ZSubscriptionHealth,
  ZSubscriptionListQuery,
  ZSubscriptionListResponse,
  ZSubscriptionTestResult,
  ZUpdateSubscriptionRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem } from '../../http/route-declarations';
import { testSubscription } from '../emit/test-subscription';
import { getSubscriptionHealth } from '../subscriptions/health-service';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSubscriptionSecret,
  updateSubscription,
} from '../subscriptions/service';
import { type PortalGuards, runInPortal } from './portal-session-scope';

/** The consumer's own subscriptions, through the console's use cases in the session's scope. */
export function registerPortalSubscriptionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: PortalGuards,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { onRequest: [guards.requirePortalSession] };
  const write = { onRequest: [guards.requirePortalSession, guards.requirePortalWrite] };
  const schema = { tags: ['portal'], security: SESSION_SECURITY };
  const byId = { ...schema, params: ZIdParams };
  const path = '/portal/subscriptions';

  r.get(
    path,
    {
      ...read,
      schema: {
        ...schema,
        querystring: ZSubscriptionListQuery,
        response: { 200: ZSubscriptionListResponse, ...sessionErrors() },
      },
    },
    async (request) =>
      runInPortal(request, 'subscriptionNotFound', (scope) => listSubscriptions(ctx, scope, request.query)),
  );

  r.post(
    path,
    {
      ...write,
      schema: {
        ...schema,
        body: ZCreateSubscriptionRequest,
        response: { 201: singleItem(ZSubscription), ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await answerItem(
            runInPortal(request, 'eventNotFound', (scope) => createSubscription(ctx, scope, request.body)),
          ),
        ),
  );

  r.get(
    `${path}/:id`,
    { ...read, schema: { ...byId, response: { 200: singleItem(ZSubscription), ...sessionErrors(404) } } },
    async (request) =>
      answerItem(
        runInPortal(request, 'subscriptionNotFound', (scope) =>
          getSubscription(ctx, scope, request.params.id),
        ),
      ),
  );

  r.put(
    `${path}/:id`,
    {
      ...write,
      schema: {
        ...byId,
        body: ZUpdateSubscriptionRequest,
        response: { 200: singleItem(ZSubscription), ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request) =>
      answerItem(
        runInPortal(request, 'subscriptionNotFound', (scope) =>
          updateSubscription(ctx, scope, request.params.id, request.body),
        ),
      ),
  );

  r.delete(
    `${path}/:id`,
    { ...write, schema: { ...byId, response: { 204: NO_CONTENT, ...sessionErrors(403, 404) } } },
    async (request, reply) => {
      await runInPortal(request, 'subscriptionNotFound', (scope) =>
        deleteSubscription(ctx, scope, request.params.id),
      );
      return reply.status(204).send();
    },
  );

  r.post(
    `${path}/:id/test`,
    {
      ...write,
      schema: { ...byId, response: { 200: ZSubscriptionTestResult, ...sessionErrors(403, 404, 413, 415) } },
    },
    async (request) =>
      runInPortal(request, 'subscriptionNotFound', (scope) =>
        testSubscription(ctx, scope, request.params.id),
      ),
  );

  r.post(
    `${path}/:id/rotate-secret`,
    {
      ...write,
      schema: { ...byId, response: { 200: singleItem(ZSubscription), ...sessionErrors(403, 404, 413, 415) } },
    },
    async (request) =>
      answerItem(
        runInPortal(request, 'subscriptionNotFound', (scope) =>
          rotateSubscriptionSecret(ctx, scope, request.params.id),
        ),
      ),
  );

  r.get(
    `${path}/:id/health`,
    { ...read, schema: { ...byId, response: { 200: ZSubscriptionHealth, ...sessionErrors(404) } } },
    async (request) =>
      runInPortal(request, 'subscriptionNotFound', (scope) =>
        getSubscriptionHealth(ctx, scope, request.params.id),
      ),
  );
}
