import {
  ZIntegrationCodeAnswer,
  ZIntegrationCodeQuery,
  ZIntegrationPayloadAnswer,
  ZIntegrationRouteListAnswer,
  ZIntegrationRoutesQuery,
} from '@wm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { requestBaseUrl } from '../../http/resolve-base-url';
import { answerItem, idRouteSchema, setNoStore } from '../../http/route-declarations';
import {
  getRoutePayload,
  getRulePayload,
  listIntegrationRoutes,
  renderRouteCode,
  renderRuleCode,
} from './service';

/** Code, sample payloads and route listings of the integration screen, each answer under `data`. */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser], onSend: [setNoStore] };
  const tags = ['integration'];
  const baseUrlOf = (request: FastifyRequest) => requestBaseUrl(ctx.config.PUBLIC_URL, request);

  r.get(
    '/integration/routes',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZIntegrationRoutesQuery,
        security: SESSION_SECURITY,
        response: { 200: ZIntegrationRouteListAnswer, ...sessionErrors(403, 404) },
      },
    },
    async (request) => ({
      data: await listIntegrationRoutes(ctx, currentUser(request), request.query.applicationId),
    }),
  );

  // A route and a rule each answer their generated code and a sample payload the same way.
  for (const [resource, render, sample] of [
    ['routes', renderRouteCode, getRoutePayload],
    ['rules', renderRuleCode, getRulePayload],
  ] as const) {
    r.get(
      `/integration/${resource}/:id/code`,
      {
        ...guard,
        schema: idRouteSchema(tags, {
          querystring: ZIntegrationCodeQuery,
          response: { 200: ZIntegrationCodeAnswer, ...sessionErrors(404) },
        }),
      },
      async (request) =>
        answerItem(
          render(ctx, currentUser(request), request.params.id, {
            language: request.query.language,
            baseUrl: baseUrlOf(request),
          }),
        ),
    );

    r.get(
      `/integration/${resource}/:id/payload`,
      {
        ...guard,
        schema: idRouteSchema(tags, {
          response: { 200: ZIntegrationPayloadAnswer, ...sessionErrors(404) },
        }),
      },
      async (request) => answerItem(sample(ctx, currentUser(request), request.params.id)),
    );
  }
}
