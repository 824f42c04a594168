import { ZCreateUserRequest, ZIdParams, ZListQuery, ZUpdateUserRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { createUser, deleteUser, getUserDetail, listUsers, updateUser } from './service';

export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireAdmin] };
  const tags = ['admin'];

  r.get('/admin/users', { ...guard, schema: { tags, querystring: ZListQuery } }, async (request) =>
    listUsers(ctx, request.query),
  );

  r.post('/admin/users', { ...guard, schema: { tags, body: ZCreateUserRequest } }, async (request, reply) =>
    reply.status(201).send(await createUser(ctx, request.body)),
  );

  r.get('/admin/users/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request) =>
    getUserDetail(ctx, request.params.id),
  );

  r.put(
    '/admin/users/:id',
    { ...guard, schema: { tags, params: ZIdParams, body: ZUpdateUserRequest } },
    async (request) => updateUser(ctx, currentUser(request).id, request.params.id, request.body),
  );

  r.delete('/admin/users/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    await deleteUser(ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
