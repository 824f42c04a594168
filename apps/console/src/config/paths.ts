/** Every console URL in one place: `path` for the router, `getHref` for links. */

const withQuery = (base: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
};

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: { path: '/login', getHref: () => '/login' },
  },
  applications: {
    list: { path: '/applications', getHref: () => '/applications' },
    new: { path: '/applications/new', getHref: () => '/applications/new' },
    detail: { path: '/applications/:id', getHref: (id: string) => `/applications/${id}` },
    edit: { path: '/applications/:id/edit', getHref: (id: string) => `/applications/${id}/edit` },
    catalog: { path: '/applications/:id/catalog', getHref: (id: string) => `/applications/${id}/catalog` },
  },
  events: {
    list: {
      path: '/events',
      getHref: (query: { applicationId?: string; eventId?: string } = {}) => withQuery('/events', query),
    },
    new: {
      path: '/events/new',
      getHref: (query: { applicationId?: string } = {}) => withQuery('/events/new', query),
    },
    detail: { path: '/events/:id', getHref: (id: string) => `/events/${id}` },
    edit: { path: '/events/:id/edit', getHref: (id: string) => `/events/${id}/edit` },
  },
  subscriptions: {
    list: {
      path: '/subscriptions',
      getHref: (query: { eventId?: string; status?: string; consumerId?: string } = {}) =>
        withQuery('/subscriptions', query),
    },
    new: {
      path: '/subscriptions/new',
      getHref: (query: { eventId?: string } = {}) => withQuery('/subscriptions/new', query),
    },
    detail: { path: '/subscriptions/:id', getHref: (id: string) => `/subscriptions/${id}` },
    edit: { path: '/subscriptions/:id/edit', getHref: (id: string) => `/subscriptions/${id}/edit` },
  },
  logs: {
    list: {
      path: '/logs',
      getHref: (
        query: { subscriptionId?: string; eventId?: string; status?: string; occurrenceId?: string } = {},
      ) => withQuery('/logs', query),
    },
    detail: { path: '/logs/:id', getHref: (id: string) => `/logs/${id}` },
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  admin: { path: '/admin', getHref: () => '/admin' },
  eventLogs: {
    list: { path: '/event-logs', getHref: () => '/event-logs' },
    detail: { path: '/event-logs/:id', getHref: (id: string) => `/event-logs/${id}` },
  },
  eventRules: {
    list: { path: '/event-rules', getHref: () => '/event-rules' },
    new: {
      path: '/event-rules/new',
      getHref: (query: { routeEventTypeId?: string } = {}) => withQuery('/event-rules/new', query),
    },
    detail: { path: '/event-rules/:id', getHref: (id: string) => `/event-rules/${id}` },
    edit: { path: '/event-rules/:id/edit', getHref: (id: string) => `/event-rules/${id}/edit` },
  },
  routes: {
    list: { path: '/routes', getHref: () => '/routes' },
    new: { path: '/routes/new', getHref: () => '/routes/new' },
    detail: { path: '/routes/:id', getHref: (id: string) => `/routes/${id}` },
    edit: { path: '/routes/:id/edit', getHref: (id: string) => `/routes/${id}/edit` },
    newEventType: {
      path: '/routes/:id/event-types/new',
      getHref: (routeId: string) => `/routes/${routeId}/event-types/new`,
    },
    eventType: {
      path: '/routes/:routeId/event-types/:eventTypeId',
      getHref: (routeId: string, eventTypeId: string) => `/routes/${routeId}/event-types/${eventTypeId}`,
    },
    editEventType: {
      path: '/routes/:routeId/event-types/:eventTypeId/edit',
      getHref: (routeId: string, eventTypeId: string) => `/routes/${routeId}/event-types/${eventTypeId}/edit`,
    },
    newField: {
      path: '/routes/:id/fields/new',
      getHref: (routeId: string) => `/routes/${routeId}/fields/new`,
    },
    editField: {
      path: '/routes/:routeId/fields/:fieldId/edit',
      getHref: (routeId: string, fieldId: string) => `/routes/${routeId}/fields/${fieldId}/edit`,
    },
  },
  integration: { path: '/integration', getHref: () => '/integration' },
} as const;
