import {
  ZCreateRouteRequest,
  ZIdParams,
  ZRouteDetailAnswer,
  ZRouteListQuery,
  ZRouteListResponse,
  ZUpdateRouteRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { createRoute, deleteRoute, getRoute, listRoutes, updateRoute } from './service';

/** Inbound routes; single routes are answered under `data`. */
export function registerRouteRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['routes'];

  r.get(
    '/routes',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZRouteListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZRouteListResponse, ...sessionErrors(404) },
      },
    },
    async (request) => listRoutes(ctx, currentUser(request), request.query),
  );

  r.post(
    '/routes',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateRouteRequest,
        security: SESSION_SECURITY,
        response: { 201: ZRouteDetailAnswer, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRoute(ctx, currentUser(request), request.body) }),
  );

  r.get(
    '/routes/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZRouteDetailAnswer, ...sessionErrors(404) },
      },
    },
    async (request) => ({
      data: await getRoute(ctx, currentUser(request), request.params.id),
    }),
  );

  r.put(
    '/routes/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRouteRequest,
        security: SESSION_SECURITY,
        response: { 200: ZRouteDetailAnswer, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request) => ({
      data: await updateRoute(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/routes/:id',
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
      await deleteRoute(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
