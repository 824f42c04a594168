import {
  singleItem,
  ZIdParams,
  ZInboundRequestDetail,
  ZInboundRequestListQuery,
  ZInboundRequestListResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { getInboundRequest, listInboundRequests, reprocessInboundRequest } from './inbound-requests-service';

/** What routes' ingest URLs received: a route's list, one request, and running its rules again. */
export function registerInboundRequestRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['routes'];

  r.get(
    '/routes/:id/inbound-requests',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZInboundRequestListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZInboundRequestListResponse, ...sessionErrors(404) },
      },
    },
    async (request) => listInboundRequests(ctx, currentUser(request), request.params.id, request.query),
  );

  r.get(
    '/inbound-requests/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZInboundRequestDetail), ...sessionErrors(404) },
      }),
    },
    async (request) => answerItem(getInboundRequest(ctx, currentUser(request), request.params.id)),
  );

  r.post(
    '/inbound-requests/:id/reprocess',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZInboundRequestDetail), ...sessionErrors(403, 404, 422) },
      }),
    },
    async (request) => answerItem(reprocessInboundRequest(ctx, currentUser(request), request.params.id)),
  );
}
