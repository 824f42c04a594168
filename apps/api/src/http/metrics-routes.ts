import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { collectBacklog, declareDeferrals } from '../delivery/delivery-metrics';
import { unauthorized } from '../domain/errors';
import { sha256 } from '../lib/crypto';
import { bearerToken } from './auth';

/** Compared as digests: equal lengths, and no timing hint of how much of the token matched. */
function hasMetricsToken(request: FastifyRequest, expected: string) {
  const token = bearerToken(request);
  return token !== null && timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(sha256(expected)));
}

/**
 * Requests counted and timed per route template (never the raw URL, which may carry ids), the
 * delivery backlog and the queue; deliveries are counted by the engines of this process, process
 * and event-loop metrics by prom-client. With
 * METRICS_TOKEN set, only a caller sending it as a Bearer token may scrape.
 */
export function registerMetricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { metrics } = ctx;
  collectBacklog(ctx);
  declareDeferrals(metrics);

  // A callback hook, not an async one: no promise per answered request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: reply.statusCode };
    metrics.increment('http_requests_total', 'HTTP requests answered', labels);
    metrics.observe(
      'http_request_duration_seconds',
      'Seconds spent answering, by route template',
      reply.elapsedTime / 1000,
      labels,
    );
    done();
  });

  const { METRICS_TOKEN } = ctx.config;
  const requireScraper = async (request: FastifyRequest) => {
    if (METRICS_TOKEN && !hasMetricsToken(request, METRICS_TOKEN)) {
      throw unauthorized('Token de métricas ausente ou inválido');
    }
  };

  app.get('/metrics', { schema: { hide: true }, onRequest: requireScraper }, async (request, reply) => {
    // One line per scrape, not per collector: an outage is scraped every few seconds.
    const text = await metrics.render((failures) =>
      request.log.warn(
        { err: failures[0], failedCollectors: failures.length },
        'metrics collectors failed; their series are left out of this scrape',
      ),
    );
    return reply.type(metrics.contentType).send(text);
  });
}
