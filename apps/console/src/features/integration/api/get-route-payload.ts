import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NO_CACHE } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const getRoutePayload = (routeId: string, signal?: AbortSignal) =>
  api.get('/integration/routes/{id}/payload', { params: { id: routeId }, signal });

export const routePayloadQueryOptions = (routeId: string) =>
  queryOptions({
    queryKey: queryKeys.integration.routePayload(routeId),
    queryFn: ({ signal }) => getRoutePayload(routeId, signal),
    select: (response) => response.data,
    ...NO_CACHE,
  });

export const useRoutePayload = (routeId: string | undefined) =>
  useQuery({ ...routePayloadQueryOptions(routeId ?? ''), enabled: Boolean(routeId) });
