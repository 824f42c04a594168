import { ZEmitHeaders, ZEmitRulesRequest, ZEmitRulesResponse } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { EMIT_SECURITY, errorResponses } from '../../http/openapi';
import { readEmitCall } from '../emit/authorize-emit';
import { emitRules } from './service';

export function registerEmitRulesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/emit-rules',
    {
      schema: {
        tags: ['emit'],
        body: ZEmitRulesRequest,
        headers: ZEmitHeaders,
        security: EMIT_SECURITY,
        response: { 202: ZEmitRulesResponse, ...errorResponses(401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const call = await readEmitCall(ctx, request, request.body.applicationId);
      const answer = await emitRules(ctx, { ...request.body, ...call });
      return reply.status(202).send(answer);
    },
  );
}
