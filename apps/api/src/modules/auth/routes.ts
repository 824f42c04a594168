import { ZLoginRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { loginUser, logoutSession } from './service';
import { toUserView } from './user-view';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/login', { schema: { tags: ['auth'], body: ZLoginRequest } }, async (request) =>
    loginUser(ctx, { ...request.body, ip: request.ip }),
  );

  r.get('/auth/me', { schema: { tags: ['auth'] }, onRequest: [auth.requireUser] }, async (request) =>
    toUserView(currentUser(request)),
  );

  r.post(
    '/auth/logout',
    { schema: { tags: ['auth'] }, onRequest: [auth.requireUser] },
    async (request, reply) => {
      if (request.sessionId) await logoutSession(ctx, request.sessionId);
      return reply.status(204).send();
    },
  );
}
