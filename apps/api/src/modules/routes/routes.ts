import {
  singleItem,
  ZCreateRouteRequest,
  ZRouteDetail,
  ZRouteListQuery,
  ZRouteListResponse,
  ZUpdateRouteRequest,
} from '@wm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { sessionErrors } from '../../http/openapi';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { requestBaseUrl } from '../../http/resolve-base-url';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { createRoute, deleteRoute, getRoute, listRoutes, rotateIngestToken, updateRoute } from './service';

/** Inbound routes, answered with their ingest URL. */
export function registerRouteRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const baseUrlOf = (request: FastifyRequest) => requestBaseUrl(ctx.config.PUBLIC_URL, request);

  registerCrudRoutes(app, auth, {
    path: '/routes',
    tag: 'routes',
    item: ZRouteDetail,
    listErrors: [404],
    writeErrors: [409],
    list: {
      query: ZRouteListQuery,
      response: ZRouteListResponse,
      run: (user, query, request) => listRoutes(ctx, user, query, baseUrlOf(request)),
    },
    get: (user, id, request) => getRoute(ctx, user, id, baseUrlOf(request)),
    create: {
      body: ZCreateRouteRequest,
      run: (user, body, request) => createRoute(ctx, user, body, baseUrlOf(request)),
    },
    update: {
      body: ZUpdateRouteRequest,
      run: (user, id, body, request) => updateRoute(ctx, user, id, body, baseUrlOf(request)),
    },
    remove: (user, id) => deleteRoute(ctx, user, id),
  });

  r.post(
    '/routes/:id/rotate-ingest-token',
    {
      onRequest: [auth.requireUser],
      schema: idRouteSchema(['routes'], {
        response: { 200: singleItem(ZRouteDetail), ...sessionErrors(403, 404) },
      }),
    },
    async (request) =>
      answerItem(rotateIngestToken(ctx, currentUser(request), request.params.id, baseUrlOf(request))),
  );
}
