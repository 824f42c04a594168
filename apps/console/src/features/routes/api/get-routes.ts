import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoute } from '@wm/contracts';
import { api } from '@/lib/api-client';

/** The routes page shows up to 50 routes. */
export const ROUTES_PAGE_LIMIT = 50;

export type RouteListParams = { applicationId?: string };

export const getRoutes = (params: RouteListParams, signal?: AbortSignal) =>
  api.get<{ data: TRoute[] }>('/routes', { ...params, limit: ROUTES_PAGE_LIMIT }, signal);

export const routesQueryOptions = (params: RouteListParams = {}) =>
  queryOptions({
    queryKey: ['routes', 'list', params],
    queryFn: ({ signal }) => getRoutes(params, signal),
    placeholderData: keepPreviousData,
    select: (response) => response.data,
  });

export const useRoutes = (params: RouteListParams) => useQuery(routesQueryOptions(params));
