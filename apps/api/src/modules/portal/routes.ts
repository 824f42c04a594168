import {
  singleItem,
  ZDeliveryLogDetail,
  ZDeliveryLogListQuery,
  ZDeliveryLogListResponse,
  ZIdParams,
  ZPortalEventList,
  ZPortalSessionView,
  ZRetryDeliveryResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { bearerToken } from '../../http/auth';
import { type ErrorStatus, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem } from '../../http/route-declarations';
import { getDeliveryLog, listDeliveryLogs, retryDelivery } from '../logs/service';
import {
  currentPortalSession,
  openPortalSession,
  type PortalGuards,
  refuseOverBudget,
  refuseReadOnly,
  runInPortal,
} from './portal-session-scope';
import { describePortalSession, listPortalEvents } from './service';
import { registerPortalSubscriptionRoutes } from './subscription-routes';

function createPortalGuards(ctx: AppContext): PortalGuards {
  return {
    async requirePortalSession(request, reply) {
      request.portalSession = await openPortalSession(ctx, request, bearerToken(request));
      refuseOverBudget(ctx.portalRateLimiter, request.portalSession, reply);
    },
    async requirePortalWrite(request) {
      refuseReadOnly(currentPortalSession(request));
    },
  };
}

/**
 * The portal API: what a consumer does with `Authorization: Bearer <portal token>`. Every handler
 * runs a console use case in the session's scope, so what lies outside it answers 404.
 */
export function registerPortalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guards = createPortalGuards(ctx);
  const read = { onRequest: [guards.requirePortalSession] };
  const write = { onRequest: [guards.requirePortalSession, guards.requirePortalWrite] };
  const schema = { tags: ['portal'], security: SESSION_SECURITY };
  // Every portal route may answer 429: the session spent its budget.
  const portalErrors = (...statuses: ErrorStatus[]) => sessionErrors(429, ...statuses);

  r.get(
    '/portal/events',
    { ...read, schema: { ...schema, response: { 200: ZPortalEventList, ...portalErrors() } } },
    async (request) => runInPortal(request, 'eventNotFound', (scope) => listPortalEvents(ctx, scope)),
  );

  r.get(
    '/portal/session',
    { ...read, schema: { ...schema, response: { 200: singleItem(ZPortalSessionView), ...portalErrors() } } },
    async (request) => answerItem(describePortalSession(ctx, currentPortalSession(request))),
  );

  registerPortalSubscriptionRoutes(app, ctx, guards);

  r.get(
    '/portal/logs',
    {
      ...read,
      schema: {
        ...schema,
        querystring: ZDeliveryLogListQuery,
        response: { 200: ZDeliveryLogListResponse, ...portalErrors() },
      },
    },
    async (request) =>
      runInPortal(request, 'logNotFound', (scope) => listDeliveryLogs(ctx, scope, request.query)),
  );

  r.get(
    '/portal/logs/:id',
    {
      ...read,
      schema: {
        ...schema,
        params: ZIdParams,
        response: { 200: singleItem(ZDeliveryLogDetail), ...portalErrors(404) },
      },
    },
    async (request) =>
      answerItem(
        runInPortal(request, 'logNotFound', (scope) => getDeliveryLog(ctx, scope, request.params.id)),
      ),
  );

  r.post(
    '/portal/logs/:id/resend',
    {
      ...write,
      schema: {
        ...schema,
        params: ZIdParams,
        response: { 200: ZRetryDeliveryResponse, ...portalErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request) =>
      runInPortal(request, 'logNotFound', (scope) => retryDelivery(ctx, scope, request.params.id)),
  );
}
