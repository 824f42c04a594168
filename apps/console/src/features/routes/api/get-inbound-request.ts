import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getInboundRequest = (id: string, signal?: AbortSignal) =>
  api.get('/inbound-requests/{id}', { params: { id }, signal });

export const inboundRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.routes.inboundRequest(id),
    queryFn: ({ signal }) => getInboundRequest(id, signal),
    select: (response) => response.data,
  });

export const useInboundRequest = (id: string | null) =>
  useQuery({ ...inboundRequestQueryOptions(id ?? ''), enabled: Boolean(id) });
