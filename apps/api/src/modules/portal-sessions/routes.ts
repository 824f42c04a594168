import {
  singleItem,
  ZApplicationConsumerParams,
  ZCreatePortalSessionRequest,
  ZIdParams,
  ZPortalSession,
  ZPortalSessionParams,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentApiKeyOrUser } from '../../http/auth';
import { EMIT_SECURITY, errorResponses, NO_CONTENT } from '../../http/openapi';
import { requestBaseUrl } from '../../http/resolve-base-url';
import { answerItem, setNoStore } from '../../http/route-declarations';
import { createPortalSession, revokeConsumerPortalSessions, revokePortalSession } from './service';

/** Portal links for an application's consumers, by its API key or its writers. */
export function registerPortalSessionRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { preHandler: [auth.requireApiKeyOrUser] };
  const schema = { tags: ['consumers'], security: EMIT_SECURITY };

  r.post(
    '/applications/:id/portal-sessions',
    {
      ...common,
      preSerialization: setNoStore,
      schema: {
        ...schema,
        params: ZIdParams,
        body: ZCreatePortalSessionRequest,
        response: { 201: singleItem(ZPortalSession), ...errorResponses(401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const baseUrl = requestBaseUrl(ctx.config.PUBLIC_URL, request);
      const session = createPortalSession(
        ctx,
        currentApiKeyOrUser(request),
        request.params.id,
        request.body,
        baseUrl,
      );
      return reply.status(201).send(await answerItem(session));
    },
  );

  r.delete(
    '/applications/:id/portal-sessions/:sessionId',
    {
      ...common,
      schema: {
        ...schema,
        params: ZPortalSessionParams,
        response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokePortalSession(
        ctx,
        currentApiKeyOrUser(request),
        request.params.id,
        request.params.sessionId,
      );
      return reply.status(204).send();
    },
  );

  r.delete(
    '/applications/:id/consumers/:consumerId/portal-sessions',
    {
      ...common,
      schema: {
        ...schema,
        params: ZApplicationConsumerParams,
        response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeConsumerPortalSessions(ctx, currentApiKeyOrUser(request), {
        applicationId: request.params.id,
        consumerId: request.params.consumerId,
      });
      return reply.status(204).send();
    },
  );
}
