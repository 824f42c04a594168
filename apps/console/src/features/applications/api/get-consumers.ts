import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ConsumersQuery = { page: number; search?: string };

export const getConsumers = (applicationId: string, query: ConsumersQuery, signal?: AbortSignal) =>
  api.get('/applications/{id}/consumers', {
    params: { id: applicationId },
    query: { page: query.page, limit: 20, ...(query.search ? { search: query.search } : {}) },
    signal,
  });

export const consumersQueryOptions = (applicationId: string, query: ConsumersQuery) =>
  queryOptions({
    queryKey: queryKeys.applications.consumers(applicationId, query),
    queryFn: ({ signal }) => getConsumers(applicationId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useConsumers = (applicationId: string, query: ConsumersQuery) =>
  useQuery(consumersQueryOptions(applicationId, query));
