import {
  singleItem,
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
import { sessionErrors } from '../../http/openapi';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { answerItem, idRouteSchema, setNoStore } from '../../http/route-declarations';
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

  registerCrudRoutes(app, auth, {
    path: '/applications',
    tag: 'applications',
    item: ZApplicationListItem,
    detail: ZApplicationDetail,
    // The key is shown once, on create (and on regenerate).
    created: ZApplicationWithKey,
    errors: { create: [413, 415], update: [403, 404, 413, 415], remove: [403, 404, 409] },
    list: {
      query: ZApplicationListQuery,
      response: ZApplicationListResponse,
      run: (user, query) => listApplications(ctx, user, query),
    },
    get: (user, id) => getApplicationDetail(ctx, user, id),
    create: { body: ZCreateApplicationRequest, run: (user, body) => createApplication(ctx, user, body) },
    update: {
      body: ZUpdateApplicationRequest,
      run: (user, id, body) => updateApplication(ctx, user, id, body),
    },
    remove: (user, id) => deleteApplication(ctx, user, id),
  });

  r.get(
    '/applications/:id/api-key',
    {
      ...guard,
      onSend: [setNoStore],
      schema: idRouteSchema(tags, { response: { 200: ZApiKeyResponse, ...sessionErrors(403, 404, 422) } }),
    },
    async (request) => getApiKey(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/applications/:id/regenerate-key',
    {
      ...guard,
      onSend: [setNoStore],
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZApplicationWithKey), ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) => answerItem(regenerateApiKey(ctx, currentUser(request), request.params.id)),
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
