import {
  ZApiKeyResponse,
  ZApplicationDetail,
  ZApplicationListItem,
  ZApplicationListQuery,
  ZApplicationListResponse,
  ZApplicationWithKey,
  ZCallbackSecretResponse,
  ZCreateApplicationRequest,
  ZUpdateApplicationRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { idRouteSchema, setNoStore } from '../../http/route-declarations';
import { getCallbackSecret, rotateCallbackSecret } from './callback-secret';
import { registerInvitationRoutes } from './invitations-routes';
import { registerMemberRoutes } from './members-routes';
import {
  createApplication,
  deleteApplication,
  getApiKey,
  getApplicationDetail,
  listApplications,
  regenerateApiKey,
  updateApplication,
} from './service';

export function registerApplicationRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['applications'];

  r.get(
    '/applications',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZApplicationListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZApplicationListResponse, ...sessionErrors() },
      },
    },
    async (request) => listApplications(ctx, currentUser(request), request.query),
  );

  r.post(
    '/applications',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateApplicationRequest,
        security: SESSION_SECURITY,
        response: { 201: ZApplicationWithKey, ...sessionErrors(413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApplication(ctx, currentUser(request), request.body)),
  );

  r.get(
    '/applications/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 200: ZApplicationDetail, ...sessionErrors(404) } }),
    },
    async (request) => getApplicationDetail(ctx, currentUser(request), request.params.id),
  );

  r.get(
    '/applications/:id/api-key',
    {
      ...guard,
      onSend: [setNoStore],
      schema: idRouteSchema(tags, { response: { 200: ZApiKeyResponse, ...sessionErrors(403, 404, 422) } }),
    },
    async (request) => getApiKey(ctx, currentUser(request), request.params.id),
  );

  r.put(
    '/applications/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZUpdateApplicationRequest,
        response: { 200: ZApplicationListItem, ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) => updateApplication(ctx, currentUser(request), request.params.id, request.body),
  );

  r.delete(
    '/applications/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 204: NO_CONTENT, ...sessionErrors(403, 404, 409) } }),
    },
    async (request, reply) => {
      await deleteApplication(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/applications/:id/regenerate-key',
    {
      ...guard,
      onSend: [setNoStore],
      schema: idRouteSchema(tags, {
        response: { 200: ZApplicationWithKey, ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) => regenerateApiKey(ctx, currentUser(request), request.params.id),
  );

  r.get(
    '/applications/:id/callback-secret',
    {
      ...guard,
      onSend: [setNoStore],
      schema: idRouteSchema(tags, { response: { 200: ZCallbackSecretResponse, ...sessionErrors(403, 404) } }),
    },
    async (request) => getCallbackSecret(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/applications/:id/callback-secret/rotate',
    {
      ...guard,
      onSend: [setNoStore],
      schema: idRouteSchema(tags, {
        response: { 200: ZCallbackSecretResponse, ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) => rotateCallbackSecret(ctx, currentUser(request), request.params.id),
  );

  registerMemberRoutes(app, ctx, auth);
  registerInvitationRoutes(app, ctx, auth);
}
