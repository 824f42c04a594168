import { ZChangePasswordRequest, ZUpdateProfileRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { changePassword, exportProfileData, getProfileStats, updateProfile } from './service';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['profile'];

  r.put('/auth/me', { ...guard, schema: { tags, body: ZUpdateProfileRequest } }, async (request) =>
    updateProfile(ctx, currentUser(request), request.body),
  );

  r.post(
    '/auth/change-password',
    { ...guard, schema: { tags, body: ZChangePasswordRequest } },
    async (request) => changePassword(ctx, currentUser(request), request.sessionId, request.body),
  );

  r.get('/auth/me/stats', { ...guard, schema: { tags } }, async (request) =>
    getProfileStats(ctx, currentUser(request)),
  );

  r.get('/auth/me/export', { ...guard, schema: { tags } }, async (request, reply) => {
    const data = await exportProfileData(ctx, currentUser(request));
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="webhook-manager-export-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
