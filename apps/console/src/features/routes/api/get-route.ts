import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRoute = (id: string, signal?: AbortSignal) =>
  api.get('/routes/{id}', { params: { id }, signal });

export const routeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.routes.detail(id),
    queryFn: ({ signal }) => getRoute(id, signal),
    select: (response) => response.data,
  });

export const useRoute = (id: string | undefined) =>
  useQuery({ ...routeQueryOptions(id ?? ''), enabled: Boolean(id) });
