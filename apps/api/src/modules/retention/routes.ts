import { ZRetention, ZUpdateRetentionRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { AuthHooks } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { getRetention, updateRetention } from './service';

/** Everyone signed in reads the period (the log screens show it); only an admin changes it. */
export function registerRetentionRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/retention',
    {
      onRequest: [auth.requireUser],
      schema: {
        tags: ['retention'],
        security: SESSION_SECURITY,
        response: { 200: ZRetention, ...sessionErrors() },
      },
    },
    async () => getRetention(ctx),
  );

  r.put(
    '/admin/retention',
    {
      onRequest: [auth.requireAdmin],
      schema: {
        tags: ['admin'],
        body: ZUpdateRetentionRequest,
        security: SESSION_SECURITY,
        response: { 200: ZRetention, ...sessionErrors(403, 413, 415) },
      },
    },
    async (request) => updateRetention(ctx, request.body),
  );
}
