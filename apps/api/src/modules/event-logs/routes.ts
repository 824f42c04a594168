import { ZEventLogListQuery, ZIdParams, ZReprocessBatchRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { getEventLog, listEventLogs, reprocessEventLog, reprocessEventLogBatch } from './service';

/** 'Log de Eventos': queued occurrences and their reprocessing, under /v1/rabbitmq/events. */
export function registerEventLogRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['event-logs'];

  r.get(
    '/rabbitmq/events',
    { ...guard, schema: { tags, querystring: ZEventLogListQuery } },
    async (request) => listEventLogs(ctx, currentUser(request), request.query),
  );

  r.get(
    '/rabbitmq/events/failed',
    { ...guard, schema: { tags, querystring: ZEventLogListQuery } },
    async (request) => listEventLogs(ctx, currentUser(request), request.query, { onlyFailed: true }),
  );

  r.post(
    '/rabbitmq/events/reprocess-batch',
    { ...guard, schema: { tags, body: ZReprocessBatchRequest } },
    async (request) => reprocessEventLogBatch(ctx, currentUser(request), request.body.eventIds),
  );

  r.get('/rabbitmq/events/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request) =>
    getEventLog(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/rabbitmq/events/:id/reprocess',
    { ...guard, schema: { tags, params: ZIdParams } },
    async (request) => ({
      message: 'Reprocessamento iniciado',
      data: await reprocessEventLog(ctx, currentUser(request), request.params.id),
    }),
  );
}
