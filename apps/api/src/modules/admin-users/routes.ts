import {
  ZCreateUserRequest,
  ZListQuery,
  ZUpdateUserRequest,
  ZUser,
  ZUserDetail,
  ZUserListResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { createUser, deleteUser, getUserDetail, listUsers, updateUser } from './service';

/** Admin-only: the guard refuses anyone else (403); the acting admin is named for the self-checks. */
export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  registerCrudRoutes(app, auth, {
    path: '/admin/users',
    tag: 'admin',
    guard: 'requireAdmin',
    item: ZUser,
    detail: ZUserDetail,
    errors: {
      list: [403],
      create: [403, 409, 413, 415],
      get: [403, 404],
      update: [403, 404, 409, 413, 415, 422],
      remove: [403, 404, 422],
    },
    list: { query: ZListQuery, response: ZUserListResponse, run: (_user, query) => listUsers(ctx, query) },
    get: (_user, id) => getUserDetail(ctx, id),
    create: { body: ZCreateUserRequest, run: (_user, body) => createUser(ctx, body) },
    update: { body: ZUpdateUserRequest, run: (user, id, body) => updateUser(ctx, user.id, id, body) },
    remove: (user, id) => deleteUser(ctx, user.id, id),
  });
}
