import {
  singleItem,
  ZNotification,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZReadAllNotificationsResponse,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { SESSION_SECURITY, sessionErrors } from '../../http/openapi';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { listNotifications, readAllNotifications, readNotification } from './service';

/** The notification centre: the signed-in user's notices of operational events. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['notifications'];

  r.get(
    '/notifications',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZNotificationListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZNotificationListResponse, ...sessionErrors() },
      },
    },
    async (request) => listNotifications(ctx, currentUser(request), request.query),
  );

  r.post(
    '/notifications/read-all',
    {
      ...guard,
      schema: {
        tags,
        security: SESSION_SECURITY,
        response: { 200: ZReadAllNotificationsResponse, ...sessionErrors(413, 415) },
      },
    },
    async (request) => readAllNotifications(ctx, currentUser(request)),
  );

  r.post(
    '/notifications/:id/read',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZNotification), ...sessionErrors(404, 413, 415) },
      }),
    },
    async (request) => answerItem(readNotification(ctx, currentUser(request), request.params.id)),
  );
}
