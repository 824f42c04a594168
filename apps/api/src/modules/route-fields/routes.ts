import {
  ZCreateRouteFieldRequest,
  ZRouteChildListQuery,
  ZRouteField,
  ZRouteFieldListAnswer,
  ZUpdateRouteFieldRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import {
  createRouteField,
  deleteRouteField,
  getRouteField,
  listRouteFields,
  updateRouteField,
} from './service';

/** Fields of inbound routes; their list is answered whole under `data`, without pages. */
export function registerRouteFieldRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  registerCrudRoutes(app, auth, {
    path: '/route-fields',
    tag: 'route-fields',
    item: ZRouteField,
    listErrors: [404],
    writeErrors: [409],
    list: {
      query: ZRouteChildListQuery,
      response: ZRouteFieldListAnswer,
      run: async (user, query) => ({ data: await listRouteFields(ctx, user, query) }),
    },
    get: (user, id) => getRouteField(ctx, user, id),
    create: { body: ZCreateRouteFieldRequest, run: (user, body) => createRouteField(ctx, user, body) },
    update: {
      body: ZUpdateRouteFieldRequest,
      run: (user, id, body) => updateRouteField(ctx, user, id, body),
    },
    remove: (user, id) => deleteRouteField(ctx, user, id),
  });
}
