import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTE_LIST_LIMIT } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Name, endpoint or description contain `search`, ignoring case. */
export type RouteListParams = { applicationId?: string; search?: string };

export const getRoutes = (params: RouteListParams, signal?: AbortSignal) =>
  api.get('/routes', { query: { ...params, limit: ROUTE_LIST_LIMIT }, signal });

export const routesQueryOptions = (params: RouteListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.routes.list(params),
    queryFn: ({ signal }) => getRoutes(params, signal),
    placeholderData: keepPreviousData,
    select: (response) => response.data,
  });

export const useRoutes = (params: RouteListParams) => useQuery(routesQueryOptions(params));
