import {
  ZCreateRouteEventTypeRequest,
  ZRouteChildListQuery,
  ZRouteEventTypeDetail,
  ZRouteEventTypeListAnswer,
  ZUpdateRouteEventTypeRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import {
  createRouteEventType,
  deleteRouteEventType,
  getRouteEventType,
  listRouteEventTypes,
  updateRouteEventType,
} from './service';

/** Event types of inbound routes; their list is answered whole under `data`, without pages. */
export function registerRouteEventTypeRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  registerCrudRoutes(app, auth, {
    path: '/route-event-types',
    tag: 'route-event-types',
    item: ZRouteEventTypeDetail,
    listErrors: [404],
    writeErrors: [409],
    list: {
      query: ZRouteChildListQuery,
      response: ZRouteEventTypeListAnswer,
      run: async (user, query) => ({ data: await listRouteEventTypes(ctx, user, query) }),
    },
    get: (user, id) => getRouteEventType(ctx, user, id),
    create: {
      body: ZCreateRouteEventTypeRequest,
      run: (user, body) => createRouteEventType(ctx, user, body),
    },
    update: {
      body: ZUpdateRouteEventTypeRequest,
      run: (user, id, body) => updateRouteEventType(ctx, user, id, body),
    },
    remove: (user, id) => deleteRouteEventType(ctx, user, id),
  });
}
