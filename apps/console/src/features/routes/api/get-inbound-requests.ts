import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INBOUND_REQUEST_LIST_LIMIT } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getInboundRequests = (routeId: string, page: number, signal?: AbortSignal) =>
  api.get('/routes/{id}/inbound-requests', {
    params: { id: routeId },
    query: { page, limit: INBOUND_REQUEST_LIST_LIMIT },
    signal,
  });

export const inboundRequestsQueryOptions = (routeId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.routes.inboundRequests(routeId, page),
    queryFn: ({ signal }) => getInboundRequests(routeId, page, signal),
    placeholderData: keepPreviousData,
  });

/** The route's received requests, newest first; `refetchInterval` keeps an open tab current. */
export const useInboundRequests = (routeId: string, page: number, refetchInterval?: number) =>
  useQuery({ ...inboundRequestsQueryOptions(routeId, page), refetchInterval });
