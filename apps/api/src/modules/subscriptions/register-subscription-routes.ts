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
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Caller } from '../../domain/consumer-scope';
import { type ErrorStatus, NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem } from '../../http/route-declarations';
import { testSubscription } from '../emit/test-subscription';
import { getSubscriptionHealth } from './health-service';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSubscriptionSecret,
  updateSubscription,
} from './service';

/** What a 404 of a subscription route is about: the subscription, or the event a create names. */
export type SubscriptionMissing = 'subscription' | 'event';

/**
 * Who serves one set of subscription routes: the console (`/subscriptions`, a signed-in user) or
 * the portal (`/portal/subscriptions`, a consumer's session). Only who calls differs.
 */
export type SubscriptionRouteSet = {
  path: string;
  tag: string;
  read: onRequestHookHandler[];
  write: onRequestHookHandler[];
  /** Statuses every route of the set may also answer (the portal's 429). */
  alsoAnswers?: ErrorStatus[];
  /** Runs a use case as the request's caller, turning its refusals into this audience's words. */
  asCaller: <T>(
    request: FastifyRequest,
    missing: SubscriptionMissing,
    run: (caller: Caller) => Promise<T>,
  ) => Promise<T>;
};

/**
 * The subscription routes every caller has: list, create, read, update, delete, test, rotate the
 * secret, health. Each parses, names the caller and calls the same use case, which checks access
 * through the one policy (what lies outside the caller's reach answers 404).
 */
export function registerSubscriptionRouteSet(
  app: FastifyInstance,
  ctx: AppContext,
  set: SubscriptionRouteSet,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { onRequest: set.read };
  const write = { onRequest: set.write };
  const schema = { tags: [set.tag], security: SESSION_SECURITY };
  const byId = { ...schema, params: ZIdParams };
  const { path, asCaller } = set;
  const errors = (...statuses: ErrorStatus[]) => sessionErrors(...(set.alsoAnswers ?? []), ...statuses);

  r.get(
    path,
    {
      ...read,
      schema: {
        ...schema,
        querystring: ZSubscriptionListQuery,
        response: { 200: ZSubscriptionListResponse, ...errors() },
      },
    },
    async (request) =>
      asCaller(request, 'subscription', (caller) => listSubscriptions(ctx, caller, request.query)),
  );

  r.post(
    path,
    {
      ...write,
      schema: {
        ...schema,
        body: ZCreateSubscriptionRequest,
        response: { 201: singleItem(ZSubscription), ...errors(403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await answerItem(
            asCaller(request, 'event', (caller) => createSubscription(ctx, caller, request.body)),
          ),
        ),
  );

  r.get(
    `${path}/:id`,
    { ...read, schema: { ...byId, response: { 200: singleItem(ZSubscription), ...errors(404) } } },
    async (request) =>
      answerItem(
        asCaller(request, 'subscription', (caller) => getSubscription(ctx, caller, request.params.id)),
      ),
  );

  r.put(
    `${path}/:id`,
    {
      ...write,
      schema: {
        ...byId,
        body: ZUpdateSubscriptionRequest,
        response: { 200: singleItem(ZSubscription), ...errors(403, 404, 413, 415) },
      },
    },
    async (request) =>
      answerItem(
        asCaller(request, 'subscription', (caller) =>
          updateSubscription(ctx, caller, request.params.id, request.body),
        ),
      ),
  );

  r.delete(
    `${path}/:id`,
    { ...write, schema: { ...byId, response: { 204: NO_CONTENT, ...errors(403, 404) } } },
    async (request, reply) => {
      await asCaller(request, 'subscription', (caller) => deleteSubscription(ctx, caller, request.params.id));
      return reply.status(204).send();
    },
  );

  r.post(
    `${path}/:id/test`,
    {
      ...write,
      schema: { ...byId, response: { 200: ZSubscriptionTestResult, ...errors(403, 404, 413, 415) } },
    },
    async (request) =>
      asCaller(request, 'subscription', (caller) => testSubscription(ctx, caller, request.params.id)),
  );

  r.post(
    `${path}/:id/rotate-secret`,
    {
      ...write,
      schema: { ...byId, response: { 200: singleItem(ZSubscription), ...errors(403, 404, 413, 415) } },
    },
    async (request) =>
      answerItem(
        asCaller(request, 'subscription', (caller) =>
          rotateSubscriptionSecret(ctx, caller, request.params.id),
        ),
      ),
  );

  r.get(
    `${path}/:id/health`,
    { ...read, schema: { ...byId, response: { 200: ZSubscriptionHealth, ...errors(404) } } },
    async (request) =>
      asCaller(request, 'subscription', (caller) => getSubscriptionHealth(ctx, caller, request.params.id)),
  );
}
