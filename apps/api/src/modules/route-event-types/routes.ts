import {
  ZCreateRouteEventTypeRequest,
  ZIdParams,
  ZRouteChildListQuery,
  ZUpdateRouteEventTypeRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import {
  createRouteEventType,
  deleteRouteEventType,
  getRouteEventType,
  listRouteEventTypes,
  updateRouteEventType,
} from './service';

/** Event types of inbound routes; answers under `data`. */
export function registerRouteEventTypeRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['route-event-types'];

  r.get(
    '/route-event-types',
    { ...guard, schema: { tags, querystring: ZRouteChildListQuery } },
    async (request) => ({ data: await listRouteEventTypes(ctx, currentUser(request), request.query) }),
  );

  r.post(
    '/route-event-types',
    { ...guard, schema: { tags, body: ZCreateRouteEventTypeRequest } },
    async (request, reply) =>
      reply.status(201).send({ data: await createRouteEventType(ctx, currentUser(request), request.body) }),
  );

  r.get('/route-event-types/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request) => ({
    data: await getRouteEventType(ctx, currentUser(request), request.params.id),
  }));

  r.put(
    '/route-event-types/:id',
    { ...guard, schema: { tags, params: ZIdParams, body: ZUpdateRouteEventTypeRequest } },
    async (request) => ({
      data: await updateRouteEventType(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/route-event-types/:id',
    { ...guard, schema: { tags, params: ZIdParams } },
    async (request, reply) => {
      await deleteRouteEventType(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
