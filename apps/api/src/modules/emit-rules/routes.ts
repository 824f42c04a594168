import { ZEmitRulesRequest, ZEmitRulesResponse } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { EMIT_SECURITY, errorResponses } from '../../http/openapi';
import { authorizeEmit } from '../emit/authorize-emit';
import { emitRules } from './service';

export function registerEmitRulesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/emit-rules',
    {
      schema: {
        tags: ['emit'],
        body: ZEmitRulesRequest,
        security: EMIT_SECURITY,
        response: { 202: ZEmitRulesResponse, ...errorResponses(401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const caller = await authorizeEmit(ctx, request, request.body.applicationId);
      const idempotencyHeader = request.headers['idempotency-key'];
      const answer = await emitRules(ctx, {
        ...request.body,
        ...caller,
        headers: request.headers,
        idempotencyKey:
          typeof idempotencyHeader === 'string' && idempotencyHeader ? idempotencyHeader : undefined,
      });
      return reply.status(202).send(answer);
    },
  );
}
