import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRouteField } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRouteField = (id: string, signal?: AbortSignal) =>
  api.get<{ data: TRouteField }>(`/route-fields/${id}`, undefined, signal);

export const routeFieldQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.routeFields.detail(id),
    queryFn: ({ signal }) => getRouteField(id, signal),
    select: (response) => response.data,
  });

export const useRouteField = (id: string | undefined) =>
  useQuery({ ...routeFieldQueryOptions(id ?? ''), enabled: Boolean(id) });
