import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * One route event type: read by its detail page (routes) and by a new rule opened for it
 * (`?routeEventTypeId=`, event rules), which preselects its route; two features, so it lives here.
 */
export const getRouteEventType = (id: string, signal?: AbortSignal) =>
  api.get('/route-event-types/{id}', { params: { id }, signal });

export const routeEventTypeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.routeEventTypes.detail(id),
    queryFn: ({ signal }) => getRouteEventType(id, signal),
    select: (response) => response.data,
  });

export const useRouteEventType = (id: string | undefined) =>
  useQuery({ ...routeEventTypeQueryOptions(id ?? ''), enabled: Boolean(id) });
