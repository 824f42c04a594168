import { ZEmitDryRunAnswer, ZEmitHeaders, ZEmitRequest, ZEmitResponse } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentApiKeyOrUser } from '../../http/auth';
import { EMIT_SECURITY, errorResponses } from '../../http/openapi';
import { dryRunEmit } from './dry-run-emit';
import { readEmitHeaders } from './emit-input';
import { emitEvent } from './service';

const JSON_UTF8 = 'application/json; charset=utf-8';

export function registerEmitRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/events/emit',
    {
      preHandler: [auth.requireApiKeyOrUser],
      schema: {
        tags: ['emit'],
        body: ZEmitRequest,
        headers: ZEmitHeaders,
        security: EMIT_SECURITY,
        response: {
          200: ZEmitDryRunAnswer,
          202: ZEmitResponse,
          ...errorResponses(401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const input = {
        ...request.body,
        ...currentApiKeyOrUser(request),
        ...readEmitHeaders(request.headers),
      };
      if (input.dryRun) return reply.status(200).send(await dryRunEmit(ctx, input));
      // The answer is built by emitEvent field by field (or is the first answer, stored): plain
      // JSON.stringify, without the schema's encoder, on the busiest route.
      return reply
        .status(202)
        .type(JSON_UTF8)
        .serializer(JSON.stringify)
        .send(await emitEvent(ctx, input));
    },
  );
}
