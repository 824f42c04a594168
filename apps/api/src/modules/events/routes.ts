import {
  ZCallbackTestResult,
  ZCreateEventRequest,
  ZEvent,
  ZEventDetail,
  ZEventListQuery,
  ZEventListResponse,
  ZUpdateEventRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { idRouteSchema } from '../../http/route-declarations';
import { createEvent, deleteEvent, getEventDetail, listEvents, updateEvent } from './service';
import { testEventCallback } from './test-callback';

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['events'];

  r.get(
    '/events',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZEventListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZEventListResponse, ...sessionErrors() },
      },
    },
    async (request) => listEvents(ctx, currentUser(request), request.query),
  );

  r.post(
    '/events',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateEventRequest,
        security: SESSION_SECURITY,
        response: { 201: ZEvent, ...sessionErrors(403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEvent(ctx, currentUser(request), request.body)),
  );

  r.get(
    '/events/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 200: ZEventDetail, ...sessionErrors(404) } }),
    },
    async (request) => getEventDetail(ctx, currentUser(request), request.params.id),
  );

  r.put(
    '/events/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZUpdateEventRequest,
        response: { 200: ZEvent, ...sessionErrors(403, 404, 409, 413, 415) },
      }),
    },
    async (request) => updateEvent(ctx, currentUser(request), request.params.id, request.body),
  );

  r.post(
    '/events/:id/test-callback',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZCallbackTestResult, ...sessionErrors(403, 404, 409) },
      }),
    },
    async (request) => testEventCallback(ctx, currentUser(request), request.params.id),
  );

  r.delete(
    '/events/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 204: NO_CONTENT, ...sessionErrors(403, 404) } }),
    },
    async (request, reply) => {
      await deleteEvent(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
