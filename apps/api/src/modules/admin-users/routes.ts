import {
  ZCreateUserRequest,
  ZListQuery,
  ZUpdateUserRequest,
  ZUser,
  ZUserDetail,
  ZUserListResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { idRouteSchema } from '../../http/route-declarations';
import { createUser, deleteUser, getUserDetail, listUsers, updateUser } from './service';

export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireAdmin] };
  const tags = ['admin'];

  r.get(
    '/admin/users',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZUserListResponse, ...sessionErrors(403) },
      },
    },
    async (request) => listUsers(ctx, request.query),
  );

  r.post(
    '/admin/users',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateUserRequest,
        security: SESSION_SECURITY,
        response: { 201: ZUser, ...sessionErrors(403, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(ctx, request.body)),
  );

  r.get(
    '/admin/users/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 200: ZUserDetail, ...sessionErrors(403, 404) } }),
    },
    async (request) => getUserDetail(ctx, request.params.id),
  );

  r.put(
    '/admin/users/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZUpdateUserRequest,
        response: { 200: ZUser, ...sessionErrors(403, 404, 409, 413, 415, 422) },
      }),
    },
    async (request) => updateUser(ctx, currentUser(request).id, request.params.id, request.body),
  );

  r.delete(
    '/admin/users/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 204: NO_CONTENT, ...sessionErrors(403, 404, 422) } }),
    },
    async (request, reply) => {
      await deleteUser(ctx, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
