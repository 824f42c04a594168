import {
  ZCreatedOperationalEndpoint,
  ZCreateOperationalEndpointRequest,
  ZOperationalEndpoint,
  ZOperationalEndpointListQuery,
  ZOperationalEndpointListResponse,
  ZUpdateOperationalEndpointRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import {
  createOperationalEndpoint,
  deleteOperationalEndpoint,
  getOperationalEndpoint,
  listOperationalEndpoints,
  updateOperationalEndpoint,
} from './service';

/** Endpoints that receive operational events: the user's own, or an application's. */
export function registerOperationalEndpointRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  registerCrudRoutes(app, auth, {
    path: '/operational-endpoints',
    tag: 'operational-endpoints',
    item: ZOperationalEndpoint,
    created: ZCreatedOperationalEndpoint,
    listErrors: [403, 404],
    list: {
      query: ZOperationalEndpointListQuery,
      response: ZOperationalEndpointListResponse,
      run: (user, query) => listOperationalEndpoints(ctx, user, query),
    },
    get: (user, id) => getOperationalEndpoint(ctx, user, id),
    create: {
      body: ZCreateOperationalEndpointRequest,
      run: (user, body) => createOperationalEndpoint(ctx, user, body),
    },
    update: {
      body: ZUpdateOperationalEndpointRequest,
      run: (user, id, body) => updateOperationalEndpoint(ctx, user, id, body),
    },
    remove: (user, id) => deleteOperationalEndpoint(ctx, user, id),
  });
}
