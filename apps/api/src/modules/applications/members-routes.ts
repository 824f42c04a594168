import {
  singleItem,
  ZAddMemberRequest,
  ZMember,
  ZMemberInvitationSent,
  ZMemberListResponse,
  ZMemberParams,
  ZTransferOwnershipRequest,
  ZUpdateMemberRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { addMemberByEmail } from './invitations-service';
import { listMembers, removeMember, transferOwnership, updateMember } from './members-service';

export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['applications'];

  r.get(
    '/applications/:id/members',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZMemberListResponse, ...sessionErrors(403, 404) },
      }),
    },
    async (request) => listMembers(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/applications/:id/members',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZAddMemberRequest,
        // 201 with the member for admins; 202 with a neutral message (an invitation) for others.
        response: {
          201: singleItem(ZMember),
          202: ZMemberInvitationSent,
          ...sessionErrors(403, 404, 409, 413, 415),
        },
      }),
    },
    async (request, reply) => {
      const result = await addMemberByEmail(ctx, currentUser(request), request.params.id, request.body);
      return result.isAdded
        ? reply.status(201).send(await answerItem(result.member))
        : reply.status(202).send(result.answer);
    },
  );

  r.post(
    '/applications/:id/transfer-ownership',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZTransferOwnershipRequest,
        response: { 200: ZMemberListResponse, ...sessionErrors(403, 404, 413, 415, 422) },
      }),
    },
    async (request) => transferOwnership(ctx, currentUser(request), request.params.id, request.body),
  );

  r.put(
    '/applications/:id/members/:userId',
    {
      ...guard,
      schema: {
        tags,
        params: ZMemberParams,
        body: ZUpdateMemberRequest,
        security: SESSION_SECURITY,
        response: { 200: singleItem(ZMember), ...sessionErrors(403, 404, 413, 415, 422) },
      },
    },
    async (request) =>
      answerItem(
        updateMember(ctx, currentUser(request), request.params.id, request.params.userId, request.body),
      ),
  );

  r.delete(
    '/applications/:id/members/:userId',
    {
      ...guard,
      schema: {
        tags,
        params: ZMemberParams,
        security: SESSION_SECURITY,
        response: { 204: NO_CONTENT, ...sessionErrors(403, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeMember(ctx, currentUser(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}
