import {
  singleItem,
  ZCreateEventRuleRequest,
  ZEventRule,
  ZEventRuleListQuery,
  ZEventRuleListResponse,
  ZLinkEventRequest,
  ZRuleExecutionListQuery,
  ZRuleExecutionListResponse,
  ZUpdateEventRuleRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { sessionErrors } from '../../http/openapi';
import { registerCrudRoutes } from '../../http/register-crud-routes';
import { answerItem, idRouteSchema } from '../../http/route-declarations';
import { listRuleExecutions } from './executions';
import {
  createRule,
  deleteRule,
  getRule,
  linkRuleEvent,
  listRules,
  toggleRule,
  unlinkRuleEvent,
  updateRule,
} from './service';

export function registerEventRuleRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['event-rules'];

  registerCrudRoutes(app, auth, {
    path: '/event-rules',
    tag: 'event-rules',
    item: ZEventRule,
    list: {
      query: ZEventRuleListQuery,
      response: ZEventRuleListResponse,
      run: (user, query) => listRules(ctx, user, query),
    },
    get: (user, id) => getRule(ctx, user, id),
    create: { body: ZCreateEventRuleRequest, run: (user, body) => createRule(ctx, user, body) },
    update: { body: ZUpdateEventRuleRequest, run: (user, id, body) => updateRule(ctx, user, id, body) },
    remove: (user, id) => deleteRule(ctx, user, id),
  });

  r.patch(
    '/event-rules/:id/toggle',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZEventRule), ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) => answerItem(toggleRule(ctx, currentUser(request), request.params.id)),
  );

  r.post(
    '/event-rules/:id/link-event',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        body: ZLinkEventRequest,
        response: { 200: singleItem(ZEventRule), ...sessionErrors(403, 404, 413, 415) },
      }),
    },
    async (request) =>
      answerItem(linkRuleEvent(ctx, currentUser(request), request.params.id, request.body.eventId)),
  );

  r.delete(
    '/event-rules/:id/link-event',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(ZEventRule), ...sessionErrors(403, 404) },
      }),
    },
    async (request) => answerItem(unlinkRuleEvent(ctx, currentUser(request), request.params.id)),
  );

  r.get(
    '/event-rules/:id/executions',
    {
      ...guard,
      schema: idRouteSchema(tags, {
        querystring: ZRuleExecutionListQuery,
        response: { 200: ZRuleExecutionListResponse, ...sessionErrors(404) },
      }),
    },
    async (request) => listRuleExecutions(ctx, currentUser(request), request.params.id, request.query),
  );
}
