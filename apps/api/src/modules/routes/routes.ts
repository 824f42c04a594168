import { ZCreateRouteRequest, ZIdParams, ZRouteListQuery, ZUpdateRouteRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { createRoute, deleteRoute, getRoute, listRoutes, updateRoute } from './service';

/** Inbound routes; single routes are answered under `data`. */
export function registerRouteRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['routes'];

  r.get('/routes', { ...guard, schema: { tags, querystring: ZRouteListQuery } }, async (request) =>
    listRoutes(ctx, currentUser(request), request.query),
  );

  r.post('/routes', { ...guard, schema: { tags, body: ZCreateRouteRequest } }, async (request, reply) =>
    reply.status(201).send({ data: await createRoute(ctx, currentUser(request), request.body) }),
  );

  r.get('/routes/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request) => ({
    data: await getRoute(ctx, currentUser(request), request.params.id),
  }));

  r.put(
    '/routes/:id',
    { ...guard, schema: { tags, params: ZIdParams, body: ZUpdateRouteRequest } },
    async (request) => ({
      data: await updateRoute(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete('/routes/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    await deleteRoute(ctx, currentUser(request), request.params.id);
    return reply.status(204).send();
  });
}
