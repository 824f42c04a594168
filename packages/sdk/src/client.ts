import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api';

/** Every error answer of the API: `error` is the pt-BR message, `code` is stable for programs. */
export type ApiError = { error: string; code: string; details?: unknown };

/** A call's outcome as a value: the answer's body on success, the API's error otherwise. */
export type ApiResult<T> =
  | { data: T; error?: undefined; status: number }
  | { data?: undefined; error: ApiError; status: number };

export type ClientOptions = {
  /** Where the API answers, e.g. `https://webhooks.example.com`. */
  baseUrl: string;
  /** The application's API key, for `emit` and `emitRules`. */
  apiKey?: string;
  /** A session token (POST /v1/auth/login), for the management calls. */
  token?: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P][M];
type Query<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never;
type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    requestBody?: { content: { 'application/json': infer B } };
  }
    ? B
    : never;

const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiError).error === 'string' &&
  typeof (value as ApiError).code === 'string';

/** openapi-fetch's `{data, error, response}` as an ApiResult; a failed connection is status 0. */
async function settle<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await request;
    if (response.ok) return { data: data as T, status: response.status };
    const apiError = isApiError(error)
      ? error
      : { error: `Resposta inesperada do servidor (HTTP ${response.status}).`, code: 'UNEXPECTED_RESPONSE' };
    return { error: apiError, status: response.status };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      error: { error: `Não foi possível falar com o servidor: ${reason}`, code: 'NETWORK_ERROR' },
      status: 0,
    };
  }
}

const byId = (id: string) => ({ params: { path: { id } } });

/**
 * A typed client of the Webhook Manager API. Requests and answers are typed from the OpenAPI
 * document (src/generated/api.ts); every call answers an ApiResult instead of throwing. `raw` is
 * the openapi-fetch client itself, for any operation without a shortcut here.
 */
export function createClient(options: ClientOptions) {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const api: Client<paths> = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    fetch: options.fetch,
  });

  return {
    raw: api,
    /** Emits an event to its subscriptions; the same idempotency key answers the first emit again. */
    emit: (body: Body<'/v1/events/emit', 'post'>, init: { idempotencyKey?: string } = {}) =>
      settle(
        api.POST('/v1/events/emit', {
          body,
          params: { header: init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {} },
        }),
      ),
    /** Emits through the application's event rules: each matching rule emits its linked event. */
    emitRules: (body: Body<'/v1/emit-rules', 'post'>) => settle(api.POST('/v1/emit-rules', { body })),
    /**
     * Opens the portal for one of the application's customers (a consumer): its `url` carries a
     * token that lets the customer manage only its own endpoints until `expiresAt`.
     */
    createPortalSession: (
      applicationId: string,
      body: Body<'/v1/applications/{id}/portal-sessions', 'post'>,
    ) => settle(api.POST('/v1/applications/{id}/portal-sessions', { ...byId(applicationId), body })),
    /** An application's customers and the subscriptions each owns. */
    consumers: {
      list: (applicationId: string, query?: Query<'/v1/applications/{id}/consumers', 'get'>) =>
        settle(
          api.GET('/v1/applications/{id}/consumers', { params: { path: { id: applicationId }, query } }),
        ),
      listSubscriptions: (
        applicationId: string,
        consumerId: string,
        query?: Query<'/v1/applications/{id}/consumers/{consumerId}/subscriptions', 'get'>,
      ) =>
        settle(
          api.GET('/v1/applications/{id}/consumers/{consumerId}/subscriptions', {
            params: { path: { id: applicationId, consumerId }, query },
          }),
        ),
      createSubscription: (
        applicationId: string,
        consumerId: string,
        body: Body<'/v1/applications/{id}/consumers/{consumerId}/subscriptions', 'post'>,
      ) =>
        settle(
          api.POST('/v1/applications/{id}/consumers/{consumerId}/subscriptions', {
            params: { path: { id: applicationId, consumerId } },
            body,
          }),
        ),
      /** Absent fields keep their value, as `PUT /v1/subscriptions/{id}`. */
      updateSubscription: (
        applicationId: string,
        consumerId: string,
        subscriptionId: string,
        body: Body<'/v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}', 'patch'>,
      ) =>
        settle(
          api.PATCH('/v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}', {
            params: { path: { id: applicationId, consumerId, subId: subscriptionId } },
            body,
          }),
        ),
      removeSubscription: (applicationId: string, consumerId: string, subscriptionId: string) =>
        settle(
          api.DELETE('/v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}', {
            params: { path: { id: applicationId, consumerId, subId: subscriptionId } },
          }),
        ),
      revokePortalSession: (applicationId: string, sessionId: string) =>
        settle(
          api.DELETE('/v1/applications/{id}/portal-sessions/{sessionId}', {
            params: { path: { id: applicationId, sessionId } },
          }),
        ),
      revokePortalSessions: (applicationId: string, consumerId: string) =>
        settle(
          api.DELETE('/v1/applications/{id}/consumers/{consumerId}/portal-sessions', {
            params: { path: { id: applicationId, consumerId } },
          }),
        ),
    },
    applications: {
      list: (query?: Query<'/v1/applications', 'get'>) =>
        settle(api.GET('/v1/applications', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/applications/{id}', byId(id))),
      create: (body: Body<'/v1/applications', 'post'>) => settle(api.POST('/v1/applications', { body })),
      update: (id: string, body: Body<'/v1/applications/{id}', 'put'>) =>
        settle(api.PUT('/v1/applications/{id}', { ...byId(id), body })),
      remove: (id: string) => settle(api.DELETE('/v1/applications/{id}', byId(id))),
      revealApiKey: (id: string) => settle(api.GET('/v1/applications/{id}/api-key', byId(id))),
      regenerateApiKey: (id: string) => settle(api.POST('/v1/applications/{id}/regenerate-key', byId(id))),
    },
    events: {
      list: (query?: Query<'/v1/events', 'get'>) => settle(api.GET('/v1/events', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/events/{id}', byId(id))),
      create: (body: Body<'/v1/events', 'post'>) => settle(api.POST('/v1/events', { body })),
      update: (id: string, body: Body<'/v1/events/{id}', 'put'>) =>
        settle(api.PUT('/v1/events/{id}', { ...byId(id), body })),
      remove: (id: string) => settle(api.DELETE('/v1/events/{id}', byId(id))),
    },
    subscriptions: {
      list: (query?: Query<'/v1/subscriptions', 'get'>) =>
        settle(api.GET('/v1/subscriptions', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/subscriptions/{id}', byId(id))),
      create: (body: Body<'/v1/subscriptions', 'post'>) => settle(api.POST('/v1/subscriptions', { body })),
      update: (id: string, body: Body<'/v1/subscriptions/{id}', 'put'>) =>
        settle(api.PUT('/v1/subscriptions/{id}', { ...byId(id), body })),
      remove: (id: string) => settle(api.DELETE('/v1/subscriptions/{id}', byId(id))),
      rotateSecret: (id: string) => settle(api.POST('/v1/subscriptions/{id}/rotate-secret', byId(id))),
      /** The endpoint's circuit, sends under way and recent success rate and response times. */
      health: (id: string) => settle(api.GET('/v1/subscriptions/{id}/health', byId(id))),
      test: (id: string) => settle(api.POST('/v1/subscriptions/{id}/test', byId(id))),
    },
    /** Delivery logs: one per subscription an emit reached. */
    logs: {
      list: (query?: Query<'/v1/logs', 'get'>) => settle(api.GET('/v1/logs', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/logs/{id}', byId(id))),
      retry: (id: string) => settle(api.POST('/v1/logs/{id}/retry', byId(id))),
    },
    /** Event logs: one per queued emit, with its processing state. */
    eventLogs: {
      list: (query?: Query<'/v1/rabbitmq/events', 'get'>) =>
        settle(api.GET('/v1/rabbitmq/events', { params: { query } })),
      listFailed: (query?: Query<'/v1/rabbitmq/events/failed', 'get'>) =>
        settle(api.GET('/v1/rabbitmq/events/failed', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/rabbitmq/events/{id}', byId(id))),
      reprocess: (id: string) => settle(api.POST('/v1/rabbitmq/events/{id}/reprocess', byId(id))),
      reprocessBatch: (body: Body<'/v1/rabbitmq/events/reprocess-batch', 'post'>) =>
        settle(api.POST('/v1/rabbitmq/events/reprocess-batch', { body })),
    },
    rules: {
      list: (query?: Query<'/v1/event-rules', 'get'>) =>
        settle(api.GET('/v1/event-rules', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/event-rules/{id}', byId(id))),
      create: (body: Body<'/v1/event-rules', 'post'>) => settle(api.POST('/v1/event-rules', { body })),
      update: (id: string, body: Body<'/v1/event-rules/{id}', 'put'>) =>
        settle(api.PUT('/v1/event-rules/{id}', { ...byId(id), body })),
      remove: (id: string) => settle(api.DELETE('/v1/event-rules/{id}', byId(id))),
      toggle: (id: string) => settle(api.PATCH('/v1/event-rules/{id}/toggle', byId(id))),
      linkEvent: (id: string, body: Body<'/v1/event-rules/{id}/link-event', 'post'>) =>
        settle(api.POST('/v1/event-rules/{id}/link-event', { ...byId(id), body })),
      unlinkEvent: (id: string) => settle(api.DELETE('/v1/event-rules/{id}/link-event', byId(id))),
      executions: (id: string, query?: Query<'/v1/event-rules/{id}/executions', 'get'>) =>
        settle(api.GET('/v1/event-rules/{id}/executions', { params: { path: { id }, query } })),
    },
    routes: {
      list: (query?: Query<'/v1/routes', 'get'>) => settle(api.GET('/v1/routes', { params: { query } })),
      get: (id: string) => settle(api.GET('/v1/routes/{id}', byId(id))),
      create: (body: Body<'/v1/routes', 'post'>) => settle(api.POST('/v1/routes', { body })),
      update: (id: string, body: Body<'/v1/routes/{id}', 'put'>) =>
        settle(api.PUT('/v1/routes/{id}', { ...byId(id), body })),
      remove: (id: string) => settle(api.DELETE('/v1/routes/{id}', byId(id))),
      rotateIngestToken: (id: string) => settle(api.POST('/v1/routes/{id}/rotate-ingest-token', byId(id))),
      inboundRequests: {
        list: (routeId: string, query?: Query<'/v1/routes/{id}/inbound-requests', 'get'>) =>
          settle(api.GET('/v1/routes/{id}/inbound-requests', { params: { path: { id: routeId }, query } })),
        get: (id: string) => settle(api.GET('/v1/inbound-requests/{id}', byId(id))),
        reprocess: (id: string) => settle(api.POST('/v1/inbound-requests/{id}/reprocess', byId(id))),
      },
      eventTypes: {
        list: (query?: Query<'/v1/route-event-types', 'get'>) =>
          settle(api.GET('/v1/route-event-types', { params: { query } })),
        get: (id: string) => settle(api.GET('/v1/route-event-types/{id}', byId(id))),
        create: (body: Body<'/v1/route-event-types', 'post'>) =>
          settle(api.POST('/v1/route-event-types', { body })),
        update: (id: string, body: Body<'/v1/route-event-types/{id}', 'put'>) =>
          settle(api.PUT('/v1/route-event-types/{id}', { ...byId(id), body })),
        remove: (id: string) => settle(api.DELETE('/v1/route-event-types/{id}', byId(id))),
      },
      fields: {
        list: (query?: Query<'/v1/route-fields', 'get'>) =>
          settle(api.GET('/v1/route-fields', { params: { query } })),
        get: (id: string) => settle(api.GET('/v1/route-fields/{id}', byId(id))),
        create: (body: Body<'/v1/route-fields', 'post'>) => settle(api.POST('/v1/route-fields', { body })),
        update: (id: string, body: Body<'/v1/route-fields/{id}', 'put'>) =>
          settle(api.PUT('/v1/route-fields/{id}', { ...byId(id), body })),
        remove: (id: string) => settle(api.DELETE('/v1/route-fields/{id}', byId(id))),
      },
    },
  };
}

export type WebhookManagerClient = ReturnType<typeof createClient>;
export type { paths } from './generated/api';
