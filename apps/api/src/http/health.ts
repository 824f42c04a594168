import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  /** Ready when the database and every registered dependency (queue, …) answer. */
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    const all = new Map([['database', () => ctx.database.ping()], ...ctx.readinessChecks]);
    await Promise.all(
      [...all].map(async ([name, check]) => {
        checks[name] = await check().then(
          () => 'ok',
          () => 'unavailable',
        );
      }),
    );
    const isReady = Object.values(checks).every((state) => state === 'ok');
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'not_ready', checks });
  });
}
