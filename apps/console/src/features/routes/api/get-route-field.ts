import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRouteField = (id: string, signal?: AbortSignal) =>
  api.get('/route-fields/{id}', { params: { id }, signal });

export const routeFieldQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.routeFields.detail(id),
    queryFn: ({ signal }) => getRouteField(id, signal),
    select: (response) => response.data,
  });

export const useRouteField = (id: string | undefined) =>
  useQuery({ ...routeFieldQueryOptions(id ?? ''), enabled: Boolean(id) });
