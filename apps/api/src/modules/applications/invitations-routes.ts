import { ZInvitationAccepted, ZMyInvitationList, ZPendingInvitationList } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { idRouteSchema } from '../../http/route-declarations';
import {
  acceptInvitation,
  declineInvitation,
  listMyInvitations,
  listPendingInvitations,
} from './invitations-service';

export function registerInvitationRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['applications'];

  r.get(
    '/applications/:id/invitations',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZPendingInvitationList, ...sessionErrors(403, 404) },
      }),
    },
    async (request) => listPendingInvitations(ctx, currentUser(request), request.params.id),
  );

  r.get(
    '/auth/me/invitations',
    {
      ...guard,
      schema: { tags, security: SESSION_SECURITY, response: { 200: ZMyInvitationList, ...sessionErrors() } },
    },
    async (request) => listMyInvitations(ctx, currentUser(request)),
  );

  r.post(
    '/auth/me/invitations/:id/accept',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZInvitationAccepted, ...sessionErrors(404) },
      }),
    },
    async (request) => acceptInvitation(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/auth/me/invitations/:id/decline',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 204: NO_CONTENT, ...sessionErrors(404) },
      }),
    },
    async (request, reply) => {
      await declineInvitation(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
