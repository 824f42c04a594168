import { ZDeliveryStatsQuery, ZDeliveryStatsResponse } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { getDeliveryStats } from './service';

export function registerStatsRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/stats/deliveries',
    {
      onRequest: [auth.requireUser],
      schema: {
        tags: ['stats'],
        querystring: ZDeliveryStatsQuery,
        security: SESSION_SECURITY,
        response: { 200: ZDeliveryStatsResponse, ...sessionErrors(404) },
      },
    },
    async (request) => getDeliveryStats(ctx, currentUser(request), request.query),
  );
}
