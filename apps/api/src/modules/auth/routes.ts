import { singleItem, ZLoginRequest, ZLoginResponse, ZUser } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import {
  errorResponses,
  NO_CONTENT,
  PUBLIC_SECURITY,
  SESSION_SECURITY,
  sessionErrors,
} from '../../http/openapi';
import { answerItem } from '../../http/route-declarations';
import { loginUser, logoutSession } from './service';
import { toUserView } from './user-view';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: ZLoginRequest,
        security: PUBLIC_SECURITY,
        response: { 200: ZLoginResponse, ...errorResponses(401, 403, 413, 415, 429) },
      },
    },
    async (request) => loginUser(ctx, { ...request.body, ip: request.ip }),
  );

  r.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        security: SESSION_SECURITY,
        response: { 200: singleItem(ZUser), ...sessionErrors() },
      },
      onRequest: [auth.requireUser],
    },
    async (request) => answerItem(toUserView(currentUser(request))),
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        security: SESSION_SECURITY,
        response: { 204: NO_CONTENT, ...sessionErrors() },
      },
      onRequest: [auth.requireUser],
    },
    async (request, reply) => {
      if (request.sessionId) await logoutSession(ctx, request.sessionId);
      return reply.status(204).send();
    },
  );
}
