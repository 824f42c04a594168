import {
  singleItem,
  ZDeliveryLogDetail,
  ZDeliveryLogListQuery,
  ZDeliveryLogListResponse,
  ZRetryDeliveryResponse,
  ZSkipDeliveryRequest,
  ZSkipDeliveryResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { getDeliveryLog, listDeliveryLogs, retryDelivery, skipDelivery } from './service';

export function registerLogRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['logs'];

  r.get(
    '/logs',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZDeliveryLogListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZDeliveryLogListResponse, ...sessionErrors() },
      },
    },
    async (request) => listDeliveryLogs(ctx, currentUser(request), request.query),
  );

  r.get(
    '/logs/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZDeliveryLogDetail), ...sessionErrors(404) },
      }),
    },
    async (request) => answerItem(getDeliveryLog(ctx, currentUser(request), request.params.id)),
  );

  r.post(
    '/logs/:id/retry',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZRetryDeliveryResponse, ...sessionErrors(403, 404, 409, 413, 415) },
      }),
    },
    async (request) => retryDelivery(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/logs/:id/skip',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZSkipDeliveryRequest,
        response: { 200: ZSkipDeliveryResponse, ...sessionErrors(400, 403, 404, 409, 413, 415) },
      }),
    },
    async (request) => skipDelivery(ctx, currentUser(request), request.params.id, request.body),
  );
}
