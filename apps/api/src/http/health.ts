import { ZHealth, ZReadiness } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { PUBLIC_SECURITY } from './openapi';

const tags = ['health'];

/** A probe must answer before its caller (a load balancer, Kubernetes) gives up on it. */
const READINESS_CHECK_TIMEOUT_MS = 2_000;

/** Settles with the check, or rejects once the deadline passes while it still hangs. */
async function runWithDeadline(check: () => Promise<void>, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), timeoutMs);
  });
  try {
    await Promise.race([check(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/healthz',
    { schema: { tags, security: PUBLIC_SECURITY, response: { 200: ZHealth } } },
    async () => ({ status: 'ok' }),
  );

  /** Ready when the database and every registered dependency (queue, …) answer in time. */
  app.get(
    '/readyz',
    { schema: { tags, security: PUBLIC_SECURITY, response: { 200: ZReadiness, 503: ZReadiness } } },
    async (_request, reply) => {
      const checks: Record<string, string> = {};
      const all = new Map([['database', () => ctx.database.ping()], ...ctx.readinessChecks]);
      await Promise.all(
        [...all].map(async ([name, check]) => {
          checks[name] = await runWithDeadline(check, READINESS_CHECK_TIMEOUT_MS).then(
            () => 'ok',
            () => 'unavailable',
          );
        }),
      );
      const isReady = Object.values(checks).every((state) => state === 'ok');
      return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'not_ready', checks });
    },
  );
}
