import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTE_PICKER_LIMIT } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The rule form's route picker: up to 100 routes. */
export const getRouteOptions = (signal?: AbortSignal) =>
  api.get('/routes', { query: { limit: ROUTE_PICKER_LIMIT }, signal });

export const routeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.routes.options(),
    queryFn: ({ signal }) => getRouteOptions(signal),
    select: (response) => response.data,
  });

export const useRouteOptions = () => useQuery(routeOptionsQueryOptions());
