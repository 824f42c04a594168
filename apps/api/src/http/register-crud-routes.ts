import { singleItem, type ZIdParams } from '@wm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../domain/session-user';
import { type AuthHooks, currentUser } from './auth';
import { type ErrorStatus, NO_CONTENT, SESSION_SECURITY, sessionErrors } from './openapi';
import { answerItem, idRouteSchema } from './route-declarations';

type CrudRoute = 'list' | 'create' | 'get' | 'update' | 'remove';

/**
 * The five session routes of one resource: `GET path`, `POST path`, `GET|PUT|DELETE path/:id`.
 * Every resource with these five routes declares them here. Each handler only parses (the
 * schemas), names the signed-in user and calls the service, which checks access through the one
 * policy (404 when the row is not visible, 403 when not allowed). The schemas validate and
 * serialize at run time through the app's zod compilers.
 */
export type CrudResource<
  Query extends z.ZodType,
  List extends z.ZodType,
  Item extends z.ZodType,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
> = {
  path: string;
  tag: string;
  /** Who may call: any signed-in user (the service checks the rest), or admins only. */
  guard?: 'requireUser' | 'requireAdmin';
  /** The item of get, create and update, each answered as `{ data: item }`. */
  item: Item;
  /** The answer of get when it says more than `item` (a detail). */
  detail?: z.ZodType;
  /** The answer of create when it says more than `item` (a secret shown once). */
  created?: z.ZodType;
  /** Error statuses of the list besides 400/401/500/503. */
  listErrors?: ErrorStatus[];
  /** Error statuses of create, update and delete besides 403 and 404 (409 when a unique rule refuses). */
  writeErrors?: ErrorStatus[];
  /**
   * A route whose error statuses (besides 400/401/500/503) are not those listErrors and
   * writeErrors give: stated whole.
   */
  errors?: Partial<Record<CrudRoute, ErrorStatus[]>>;
  /** Each run also gets the request, for answers that depend on where it came from (links). */
  list: {
    query: Query;
    response: List;
    run: (user: SessionUser, query: z.output<Query>, request: FastifyRequest) => Promise<unknown>;
  };
  get: (user: SessionUser, id: string, request: FastifyRequest) => Promise<unknown>;
  create: {
    body: CreateBody;
    run: (user: SessionUser, body: z.output<CreateBody>, request: FastifyRequest) => Promise<unknown>;
  };
  update: {
    body: UpdateBody;
    run: (
      user: SessionUser,
      id: string,
      body: z.output<UpdateBody>,
      request: FastifyRequest,
    ) => Promise<unknown>;
  };
  remove: (user: SessionUser, id: string) => Promise<void>;
};

export function registerCrudRoutes<
  Query extends z.ZodType,
  List extends z.ZodType,
  Item extends z.ZodType,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
>(app: FastifyInstance, auth: AuthHooks, resource: CrudResource<Query, List, Item, CreateBody, UpdateBody>) {
  const common = { onRequest: [auth[resource.guard ?? 'requireUser']] };
  const tags = [resource.tag];
  const schema = { tags, security: SESSION_SECURITY };
  const writeStatuses: ErrorStatus[] = [403, 404, ...(resource.writeErrors ?? [])];
  const defaults: Record<CrudRoute, ErrorStatus[]> = {
    list: resource.listErrors ?? [],
    create: [...writeStatuses, 413, 415],
    get: [404],
    update: [...writeStatuses, 413, 415],
    remove: writeStatuses,
  };
  const errorsOf = (route: CrudRoute) => sessionErrors(...(resource.errors?.[route] ?? defaults[route]));
  const byId = `${resource.path}/:id`;
  const idOf = (request: { params: unknown }) => (request.params as z.output<typeof ZIdParams>).id;

  app.get(
    resource.path,
    {
      ...common,
      schema: {
        ...schema,
        querystring: resource.list.query,
        response: { 200: resource.list.response, ...errorsOf('list') },
      },
    },
    async (request) => resource.list.run(currentUser(request), request.query as z.output<Query>, request),
  );

  app.post(
    resource.path,
    {
      ...common,
      schema: {
        ...schema,
        body: resource.create.body,
        response: { 201: singleItem(resource.created ?? resource.item), ...errorsOf('create') },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await answerItem(
            resource.create.run(currentUser(request), request.body as z.output<CreateBody>, request),
          ),
        ),
  );

  app.get(
    byId,
    {
      ...common,
      schema: idRouteSchema(tags, {
        response: { 200: singleItem(resource.detail ?? resource.item), ...errorsOf('get') },
      }),
    },
    async (request) => answerItem(resource.get(currentUser(request), idOf(request), request)),
  );

  app.put(
    byId,
    {
      ...common,
      schema: idRouteSchema(tags, {
        body: resource.update.body,
        response: { 200: singleItem(resource.item), ...errorsOf('update') },
      }),
    },
    async (request) =>
      answerItem(
        resource.update.run(
          currentUser(request),
          idOf(request),
          request.body as z.output<UpdateBody>,
          request,
        ),
      ),
  );

  app.delete(
    byId,
    {
      ...common,
      schema: idRouteSchema(tags, { response: { 204: NO_CONTENT, ...errorsOf('remove') } }),
    },
    async (request, reply) => {
      await resource.remove(currentUser(request), idOf(request));
      return reply.status(204).send();
    },
  );
}
