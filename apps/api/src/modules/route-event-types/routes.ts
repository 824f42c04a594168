import {
  ZCreateRouteEventTypeRequest,
  ZIdParams,
  ZRouteChildListQuery,
  ZRouteEventTypeAnswer,
  ZRouteEventTypeListAnswer,
  ZUpdateRouteEventTypeRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
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
    {
      ...guard,
      schema: {
        tags,
        querystring: ZRouteChildListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZRouteEventTypeListAnswer, ...sessionErrors(404) },
      },
    },
    async (request) => ({ data: await listRouteEventTypes(ctx, currentUser(request), request.query) }),
  );

  r.post(
    '/route-event-types',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateRouteEventTypeRequest,
        security: SESSION_SECURITY,
        response: { 201: ZRouteEventTypeAnswer, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRouteEventType(ctx, currentUser(request), request.body) }),
  );

  r.get(
    '/route-event-types/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZRouteEventTypeAnswer, ...sessionErrors(404) },
      },
    },
    async (request) => ({
      data: await getRouteEventType(ctx, currentUser(request), request.params.id),
    }),
  );

  r.put(
    '/route-event-types/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRouteEventTypeRequest,
        security: SESSION_SECURITY,
        response: { 200: ZRouteEventTypeAnswer, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request) => ({
      data: await updateRouteEventType(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/route-event-types/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 204: NO_CONTENT, ...sessionErrors(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteRouteEventType(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
