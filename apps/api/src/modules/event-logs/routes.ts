import {
  singleItem,
  ZEventLogDetail,
  ZEventLogListQuery,
  ZEventLogListResponse,
  ZReprocessBatchRequest,
  ZReprocessBatchResponse,
  ZReprocessResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { getEventLog, listEventLogs, reprocessEventLog, reprocessEventLogBatch } from './service';

/** 'Log de Eventos': queued occurrences and their reprocessing, under /v1/rabbitmq/events. */
export function registerEventLogRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['event-logs'];
  // All occurrences and only the failed ones take the same query and give the same page.
  const listOptions = {
    ...guard,
    schema: {
      tags,
      querystring: ZEventLogListQuery,
      security: SESSION_SECURITY,
      response: { 200: ZEventLogListResponse, ...sessionErrors() },
    },
  };

  r.get('/rabbitmq/events', listOptions, async (request) =>
    listEventLogs(ctx, currentUser(request), request.query),
  );

  r.get('/rabbitmq/events/failed', listOptions, async (request) =>
    listEventLogs(ctx, currentUser(request), request.query, { onlyFailed: true }),
  );

  r.post(
    '/rabbitmq/events/reprocess-batch',
    {
      ...guard,
      schema: {
        tags,
        body: ZReprocessBatchRequest,
        security: SESSION_SECURITY,
        response: { 200: ZReprocessBatchResponse, ...sessionErrors(413, 415) },
      },
    },
    async (request) => reprocessEventLogBatch(ctx, currentUser(request), request.body.eventIds),
  );

  r.get(
    '/rabbitmq/events/:id',
    {
      ...guard,
      schema: idRouteSchema(tags, { response: { 200: singleItem(ZEventLogDetail), ...sessionErrors(404) } }),
    },
    async (request) => answerItem(getEventLog(ctx, currentUser(request), request.params.id)),
  );

  r.post(
    '/rabbitmq/events/:id/reprocess',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: ZReprocessResponse, ...sessionErrors(403, 404, 409, 413, 415) },
      }),
    },
    async (request) => ({
      message: 'Reprocessamento iniciado',
      data: await reprocessEventLog(ctx, currentUser(request), request.params.id),
    }),
  );
}
