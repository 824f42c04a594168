import {
  ZCreateRouteRequest,
  ZRouteDetailAnswer,
  ZRouteListQuery,
  ZRouteListResponse,
  ZUpdateRouteRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { createRoute, deleteRoute, getRoute, listRoutes, updateRoute } from './service';

/** Inbound routes; single routes are answered under `data`. */
export function registerRouteRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  registerCrudRoutes(app, auth, {
    path: '/routes',
    tag: 'routes',
    item: ZRouteDetailAnswer,
    isUnderData: true,
    listErrors: [404],
    writeErrors: [409],
    list: {
      query: ZRouteListQuery,
      response: ZRouteListResponse,
      run: (user, query) => listRoutes(ctx, user, query),
    },
    get: (user, id) => getRoute(ctx, user, id),
    create: { body: ZCreateRouteRequest, run: (user, body) => createRoute(ctx, user, body) },
    update: { body: ZUpdateRouteRequest, run: (user, id, body) => updateRoute(ctx, user, id, body) },
    remove: (user, id) => deleteRoute(ctx, user, id),
  });
}
