import { ZEmitHeaders, ZEmitRulesRequest, ZEmitRulesResponse } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentApiKeyOrUser } from '../../http/auth';
import { EMIT_SECURITY, errorResponses } from '../../http/openapi';
import { readEmitHeaders } from '../emit/emit-input';
import { emitRules } from './service';

export function registerEmitRulesRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/emit-rules',
    {
      preHandler: [auth.requireApiKeyOrUser],
      schema: {
        tags: ['emit'],
        body: ZEmitRulesRequest,
        headers: ZEmitHeaders,
        security: EMIT_SECURITY,
        response: { 202: ZEmitRulesResponse, ...errorResponses(401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const answer = await emitRules(ctx, {
        ...request.body,
        ...currentApiKeyOrUser(request),
        ...readEmitHeaders(request.headers),
      });
      return reply.status(202).send(answer);
    },
  );
}
