import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every cache key of the console, built here and nowhere else: a query's options take its key from
 * a factory below, and a change invalidates the `all` keys of what it changed (its own resource and
 * the ones that show its counts or names), never the whole cache.
 */
export const queryKeys = {
  session: {
    me: () => ['auth', 'me'] as const,
    stats: () => ['auth', 'me', 'stats'] as const,
  },
  applications: {
    all: ['applications'] as const,
    list: (params: unknown) => ['applications', 'list', params] as const,
    home: () => ['applications', 'home'] as const,
    options: () => ['applications', 'options'] as const,
    detail: (id: string) => ['applications', 'detail', id] as const,
    members: (id: string) => ['applications', 'members', id] as const,
    consumers: (id: string, params: unknown) => ['applications', 'consumers', id, params] as const,
    catalog: (id: string) => ['applications', 'catalog', id] as const,
    apiKey: (id: string) => ['applications', 'api-key', id] as const,
    callbackSecret: (id: string) => ['applications', 'callback-secret', id] as const,
    invitations: (id: string) => ['applications', 'invitations', id] as const,
    myInvitations: () => ['applications', 'my-invitations'] as const,
  },
  events: {
    all: ['events'] as const,
    list: (params: unknown) => ['events', 'list', params] as const,
    detail: (id: string) => ['events', 'detail', id] as const,
    options: () => ['events', 'options'] as const,
    applicationOptions: (applicationId: string) =>
      ['events', 'options', 'application', applicationId] as const,
  },
  subscriptions: {
    all: ['subscriptions'] as const,
    list: (params: unknown) => ['subscriptions', 'list', params] as const,
    detail: (id: string) => ['subscriptions', 'detail', id] as const,
    health: (id: string) => ['subscriptions', 'health', id] as const,
  },
  logs: {
    all: ['logs'] as const,
    list: (filters: unknown) => ['logs', 'list', filters] as const,
    detail: (id: string) => ['logs', 'detail', id] as const,
    lookup: (path: string) => ['logs', 'lookup', path] as const,
    failedCount: (subscriptionId: string) => ['logs', 'failed-count', subscriptionId] as const,
  },
  eventLogs: {
    all: ['event-logs'] as const,
    list: (filters: unknown) => ['event-logs', 'list', filters] as const,
    detail: (id: string) => ['event-logs', 'detail', id] as const,
  },
  eventRules: {
    all: ['event-rules'] as const,
    list: (filters: unknown) => ['event-rules', 'list', filters] as const,
    detail: (id: string) => ['event-rules', 'detail', id] as const,
    executions: (ruleId: string, page: number) => ['event-rules', 'executions', ruleId, page] as const,
    byEventType: (routeEventTypeId: string) => ['event-rules', 'by-event-type', routeEventTypeId] as const,
  },
  routes: {
    all: ['routes'] as const,
    list: (params: unknown) => ['routes', 'list', params] as const,
    detail: (id: string) => ['routes', 'detail', id] as const,
    options: () => ['routes', 'options'] as const,
    inboundRequests: (routeId: string, page: number) =>
      ['routes', 'inbound-requests', routeId, page] as const,
    inboundRequest: (id: string) => ['routes', 'inbound-request', id] as const,
  },
  routeEventTypes: {
    all: ['route-event-types'] as const,
    detail: (id: string) => ['route-event-types', 'detail', id] as const,
  },
  routeFields: {
    all: ['route-fields'] as const,
    detail: (id: string) => ['route-fields', 'detail', id] as const,
  },
  integration: {
    all: ['integration'] as const,
    routes: (applicationId: string) => ['integration', 'routes', applicationId] as const,
    routeCode: (routeId: string, language: string) =>
      ['integration', 'route-code', routeId, language] as const,
    routePayload: (routeId: string) => ['integration', 'route-payload', routeId] as const,
    ruleCode: (ruleId: string, language: string) => ['integration', 'rule-code', ruleId, language] as const,
    rulePayload: (ruleId: string) => ['integration', 'rule-payload', ruleId] as const,
  },
  stats: {
    all: ['stats'] as const,
    deliveries: (range: unknown) => ['stats', 'deliveries', range] as const,
  },
  retention: ['retention'] as const,
  notifications: {
    all: ['notifications'] as const,
    list: (params: unknown) => ['notifications', 'list', params] as const,
  },
  operationalEndpoints: {
    all: ['operational-endpoints'] as const,
    list: (params: unknown) => ['operational-endpoints', 'list', params] as const,
  },
  adminUsers: {
    all: ['admin-users'] as const,
    list: (params: unknown) => ['admin-users', 'list', params] as const,
    detail: (id: string) => ['admin-users', 'detail', id] as const,
  },
};

/** Stale once an application changes or goes: everything listed under it. */
export const APPLICATION_TREE_KEYS = [
  queryKeys.applications.all,
  queryKeys.events.all,
  queryKeys.subscriptions.all,
  queryKeys.logs.all,
  queryKeys.eventLogs.all,
  queryKeys.routes.all,
  queryKeys.eventRules.all,
  queryKeys.integration.all,
] as const;

/** Stale once a rule or a route event type changes: rules, routes and event types count each other. */
export const RULE_TREE_KEYS = [
  queryKeys.eventRules.all,
  queryKeys.routes.all,
  queryKeys.routeEventTypes.all,
  queryKeys.integration.all,
] as const;

/**
 * After a delete: invalidates `keys` as invalidateKeys does, except the deleted record's own queries
 * (each key holding its id: detail, executions, code...), which are forgotten instead as soon as no
 * screen shows them. Invalidated or dropped while its page is still on screen, such a query would
 * be asked again and meet a 404.
 */
export function forgetDeletedRecord(queryClient: QueryClient, id: string, keys: readonly QueryKey[]) {
  const cache = queryClient.getQueryCache();
  const isOfRecord = (query: Query) => query.queryKey.includes(id);
  const dropUnobserved = () => {
    for (const query of cache.findAll({ predicate: isOfRecord })) {
      if (query.getObserversCount() === 0) cache.remove(query);
    }
  };
  const stop = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || !isOfRecord(event.query)) return;
    dropUnobserved();
    if (cache.findAll({ predicate: isOfRecord }).length === 0) stop();
  });
  void queryClient.cancelQueries({ predicate: isOfRecord });
  dropUnobserved();
  if (cache.findAll({ predicate: isOfRecord }).length === 0) stop();
  return Promise.all(
    keys.map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, predicate: (query) => !isOfRecord(query) }),
    ),
  );
}

/** After a change: marks stale every query under `keys` (each a factory's key); what is on screen reloads. */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
