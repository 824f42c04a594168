import {
  singleItem,
  type TProfileExport,
  ZChangePasswordRequest,
  ZMessageResponse,
  ZProfileExport,
  ZProfileStats,
  ZUpdateProfileRequest,
  ZUser,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem } from '../../http/route-declarations';
import { changePassword, exportProfileData, getProfileStats, updateProfile } from './service';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['profile'];

  r.put(
    '/auth/me',
    {
      ...guard,
      schema: {
        tags,
        body: ZUpdateProfileRequest,
        security: SESSION_SECURITY,
        response: { 200: singleItem(ZUser), ...sessionErrors(409, 413, 415) },
      },
    },
    async (request) => answerItem(updateProfile(ctx, currentUser(request), request.body)),
  );

  r.post(
    '/auth/change-password',
    {
      ...guard,
      schema: {
        tags,
        body: ZChangePasswordRequest,
        security: SESSION_SECURITY,
        response: { 200: ZMessageResponse, ...sessionErrors(413, 415) },
      },
    },
    async (request) => changePassword(ctx, currentUser(request), request.sessionId, request.body),
  );

  r.get(
    '/auth/me/stats',
    {
      ...guard,
      schema: { tags, security: SESSION_SECURITY, response: { 200: ZProfileStats, ...sessionErrors() } },
    },
    async (request) => getProfileStats(ctx, currentUser(request)),
  );

  r.get(
    '/auth/me/export',
    {
      ...guard,
      schema: { tags, security: SESSION_SECURITY, response: { 200: ZProfileExport, ...sessionErrors() } },
    },
    async (request, reply) => {
      const data = await exportProfileData(ctx, currentUser(request));
      const day = data.exportedAt.slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="webhook-manager-export-${day}.json"`)
          .header('cache-control', 'no-store')
          // Indented for the person who opens the file; still only what ZProfileExport names.
          .serializer((payload) => JSON.stringify(ZProfileExport.encode(payload as TProfileExport), null, 2))
          .send(data)
      );
    },
  );
}
