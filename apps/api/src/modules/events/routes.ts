import {
  ZCallbackTestResult,
  ZCreateEventRequest,
  ZEvent,
  ZEventDetail,
  ZEventListQuery,
  ZEventListResponse,
  ZEventSchemaVersionList,
  ZUpdateEventRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { sessionErrors } from '../../http/openapi';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { idRouteSchema } from '../../http/route-declarations';
import {
  createEvent,
  deleteEvent,
  getEventDetail,
  listEventSchemaVersions,
  listEvents,
  updateEvent,
} from './service';
import { testEventCallback } from './test-callback';

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerCrudRoutes(app, auth, {
    path: '/events',
    tag: 'events',
    item: ZEvent,
    detail: ZEventDetail,
    writeErrors: [409],
    // Deleting an event refuses nothing a unique rule guards.
    errors: { remove: [403, 404] },
    list: {
      query: ZEventListQuery,
      response: ZEventListResponse,
      run: (user, query) => listEvents(ctx, user, query),
    },
    get: (user, id) => getEventDetail(ctx, user, id),
    create: { body: ZCreateEventRequest, run: (user, body) => createEvent(ctx, user, body) },
    update: { body: ZUpdateEventRequest, run: (user, id, body) => updateEvent(ctx, user, id, body) },
    remove: (user, id) => deleteEvent(ctx, user, id),
  });

  r.get(
    '/events/:id/schemas',
    {
      onRequest: [auth.requireUser],
      schema: idRouteSchema(['events'], {
        response: { 200: ZEventSchemaVersionList, ...sessionErrors(404) },
      }),
    },
    async (request) => listEventSchemaVersions(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/events/:id/test-callback',
    {
      onRequest: [auth.requireUser],
      schema: idRouteSchema(['events'], {
        response: { 200: ZCallbackTestResult, ...sessionErrors(403, 404, 409) },
      }),
    },
    async (request) => testEventCallback(ctx, currentUser(request), request.params.id),
  );
}
