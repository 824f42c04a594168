import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEventLogDetail } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getEventLog = (id: string, signal?: AbortSignal) =>
  api.get<TEventLogDetail>(`/rabbitmq/events/${id}`, undefined, signal);

export const eventLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.eventLogs.detail(id),
    queryFn: ({ signal }) => getEventLog(id, signal),
  });

export const useEventLog = (id: string) => useQuery(eventLogQueryOptions(id));
