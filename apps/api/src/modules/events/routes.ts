import { ZCreateEventRequest, ZEventListQuery, ZIdParams, ZUpdateEventRequest } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { createEvent, deleteEvent, getEventDetail, listEvents, updateEvent } from './service';

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: [auth.requireUser] };
  const tags = ['events'];

  r.get('/events', { ...guard, schema: { tags, querystring: ZEventListQuery } }, async (request) =>
    listEvents(ctx, currentUser(request), request.query),
  );

  r.post('/events', { ...guard, schema: { tags, body: ZCreateEventRequest } }, async (request, reply) =>
    reply.status(201).send(await createEvent(ctx, currentUser(request), request.body)),
  );

  r.get('/events/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request) =>
    getEventDetail(ctx, currentUser(request), request.params.id),
  );

  r.put(
    '/events/:id',
    { ...guard, schema: { tags, params: ZIdParams, body: ZUpdateEventRequest } },
    async (request) => updateEvent(ctx, currentUser(request), request.params.id, request.body),
  );

  r.delete('/events/:id', { ...guard, schema: { tags, params: ZIdParams } }, async (request, reply) => {
    await deleteEvent(ctx, currentUser(request), request.params.id);
    return reply.status(204).send();
  });
}
