import {
  ZCreateEventRequest,
  ZEvent,
  ZEventDetail,
  ZEventListQuery,
  ZEventListResponse,
  ZUpdateEventRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { createEvent, deleteEvent, getEventDetail, listEvents, updateEvent } from './service';

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
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
}
