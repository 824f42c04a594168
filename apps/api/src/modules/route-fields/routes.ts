import {
  ZCreateRouteFieldRequest,
  ZIdParams,
  ZRouteChildListQuery,
  ZRouteFieldAnswer,
  ZRouteFieldListAnswer,
  ZUpdateRouteFieldRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import {
  createRouteField,
  deleteRouteField,
  getRouteField,
  listRouteFields,
  updateRouteField,
} from './service';

/** Fields of inbound routes; answers under `data`. */
export function registerRouteFieldRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['route-fields'];

  r.get(
    '/route-fields',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZRouteChildListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZRouteFieldListAnswer, ...sessionErrors(404) },
      },
    },
    async (request) => ({ data: await listRouteFields(ctx, currentUser(request), request.query) }),
  );

  r.post(
    '/route-fields',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateRouteFieldRequest,
        security: SESSION_SECURITY,
        response: { 201: ZRouteFieldAnswer, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRouteField(ctx, currentUser(request), request.body) }),
  );

  r.get(
    '/route-fields/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZRouteFieldAnswer, ...sessionErrors(404) },
      },
    },
    async (request) => ({
      data: await getRouteField(ctx, currentUser(request), request.params.id),
    }),
  );

  r.put(
    '/route-fields/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateRouteFieldRequest,
        security: SESSION_SECURITY,
        response: { 200: ZRouteFieldAnswer, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request) => ({
      data: await updateRouteField(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/route-fields/:id',
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
      await deleteRouteField(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
