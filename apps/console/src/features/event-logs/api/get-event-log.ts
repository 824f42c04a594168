import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getEventLog = (id: string, signal?: AbortSignal) =>
  api.get('/rabbitmq/events/{id}', { params: { id }, signal });

export const eventLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.eventLogs.detail(id),
    queryFn: ({ signal }) => getEventLog(id, signal),
    select: (response) => response.data,
  });

export const useEventLog = (id: string) => useQuery(eventLogQueryOptions(id));
