import { ROUTE_METHODS, ZInboundReceipt } from '@wm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../domain/errors';
import { errorResponses, PUBLIC_SECURITY } from '../../http/openapi';
import { createRateLimiter } from '../../lib/rate-limiter';
import { publishOrLeaveToSweep } from '../emit/publish-or-sweep';
import type { IngestTarget } from './ingest-dependencies';
import { admitInboundRequest, type InboundCall, type InboundGate, receiveInboundRequest } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route an ingest URL names, set once its method and budget are admitted (onRequest). */
    ingestTarget: IngestTarget | null;
  }
}

/** Where routes receive: `/in/<ingest token><route endpoint>`. */
export const INGEST_PREFIX = '/in/';

const ZIngestParams = z.object({ token: z.string(), '*': z.string() });

/** The token and what follows it, from the URL as sent (the path keeps its escapes and query). */
function splitIngestUrl(url: string): Pick<InboundCall, 'token' | 'path'> {
  const rest = url.slice(INGEST_PREFIX.length);
  const end = rest.search(/[/?]/);
  return end < 0 ? { token: rest, path: '' } : { token: rest.slice(0, end), path: rest.slice(end) };
}

/**
 * The routes' ingest URLs, answered with each route's method. The body is kept as the raw bytes
 * received (in this scope only: every content type is read as a Buffer, within
 * INGEST_BODY_LIMIT_BYTES), so signatures are checked over exactly what the sender signed. The
 * route, its method and its budget are checked before the body is read. The sender gets its 202 as
 * soon as the request is stored; the rules log is published after (the republish sweep covers a
 * process that dies in between).
 */
export async function registerIngestEndpoint(app: FastifyInstance, ctx: AppContext) {
  const gate: InboundGate = {
    targets: ctx.ingestTargets,
    limiter: createRateLimiter(ctx.config.INGEST_RATE_LIMIT_PER_MINUTE, () => ctx.clock()),
  };

  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.ingestTarget = await admitInboundRequest(gate, {
        ...splitIngestUrl(request.url),
        method: request.method,
      });
    } catch (error) {
      const details =
        error instanceof AppError ? (error.details as Record<string, unknown> | undefined) : undefined;
      if (details?.allow) reply.header('allow', String(details.allow));
      if (details?.retryAfterSeconds) reply.header('retry-after', String(details.retryAfterSeconds));
      throw error;
    }
  };

  const receive = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = request.ingestTarget;
    if (!target) throw new Error('ingest request handled without its route');
    const outcome = await receiveInboundRequest(ctx, target, {
      ...splitIngestUrl(request.url),
      method: request.method,
      headers: request.headers,
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    });
    reply.status(202).send(outcome.receipt);
    if (outcome.eventLogId) {
      void publishOrLeaveToSweep(ctx, { id: outcome.eventLogId, eventDefinitionId: null }, null);
    }
    return reply;
  };

  await app.register(async (scope) => {
    scope.decorateRequest('ingestTarget', null);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ctx.config.INGEST_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const url = `${INGEST_PREFIX}:token/*`;
    const common = { url, bodyLimit: ctx.config.INGEST_BODY_LIMIT_BYTES, onRequest: admit, handler: receive };
    // Documented once, as POST (most senders'); the route's own method is the one answered.
    scope.route({
      ...common,
      method: 'POST',
      schema: {
        tags: ['ingest'],
        summary: 'Recebe uma requisição na URL de recebimento de uma rota (com o método da rota)',
        params: ZIngestParams,
        security: PUBLIC_SECURITY,
        response: { 202: ZInboundReceipt, ...errorResponses(401, 404, 405, 413, 415, 422, 429) },
      },
    });
    scope.route({
      ...common,
      method: ROUTE_METHODS.filter((method) => method !== 'POST'),
      schema: { hide: true },
    });
    // A token with no endpoint gets the same 404 as any other address here, not the router's
    // "route not found" answer, which names the path and so the token.
    scope.route({
      ...common,
      url: `${INGEST_PREFIX}:token`,
      method: [...ROUTE_METHODS],
      schema: { hide: true },
    });
  });
}
