import {
  ZCreateEventRuleRequest,
  ZEventRule,
  ZEventRuleListQuery,
  ZEventRuleListResponse,
  ZIdParams,
  ZLinkEventRequest,
  ZRuleExecutionListQuery,
  ZRuleExecutionListResponse,
  ZUpdateEventRuleRequest,
} from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { NO_CONTENT, SESSION_SECURITY, sessionErrors } from '../../http/openapi';
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

  r.get(
    '/event-rules',
    {
      ...guard,
      schema: {
        tags,
        querystring: ZEventRuleListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZEventRuleListResponse, ...sessionErrors() },
      },
    },
    async (request) => listRules(ctx, currentUser(request), request.query),
  );

  r.post(
    '/event-rules',
    {
      ...guard,
      schema: {
        tags,
        body: ZCreateEventRuleRequest,
        security: SESSION_SECURITY,
        response: { 201: ZEventRule, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRule(ctx, currentUser(request), request.body)),
  );

  r.get(
    '/event-rules/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZEventRule, ...sessionErrors(404) },
      },
    },
    async (request) => getRule(ctx, currentUser(request), request.params.id),
  );

  r.put(
    '/event-rules/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdateEventRuleRequest,
        security: SESSION_SECURITY,
        response: { 200: ZEventRule, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request) => updateRule(ctx, currentUser(request), request.params.id, request.body),
  );

  r.delete(
    '/event-rules/:id',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 204: NO_CONTENT, ...sessionErrors(403, 404) },
      },
    },
    async (request, reply) => {
      await deleteRule(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.patch(
    '/event-rules/:id/toggle',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZEventRule, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request) => toggleRule(ctx, currentUser(request), request.params.id),
  );

  r.post(
    '/event-rules/:id/link-event',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        body: ZLinkEventRequest,
        security: SESSION_SECURITY,
        response: { 200: ZEventRule, ...sessionErrors(403, 404, 413, 415) },
      },
    },
    async (request) => linkRuleEvent(ctx, currentUser(request), request.params.id, request.body.eventId),
  );

  r.delete(
    '/event-rules/:id/link-event',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        security: SESSION_SECURITY,
        response: { 200: ZEventRule, ...sessionErrors(403, 404) },
      },
    },
    async (request) => unlinkRuleEvent(ctx, currentUser(request), request.params.id),
  );

  r.get(
    '/event-rules/:id/executions',
    {
      ...guard,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZRuleExecutionListQuery,
        security: SESSION_SECURITY,
        response: { 200: ZRuleExecutionListResponse, ...sessionErrors(404) },
      },
    },
    async (request) => listRuleExecutions(ctx, currentUser(request), request.params.id, request.query),
  );
}
