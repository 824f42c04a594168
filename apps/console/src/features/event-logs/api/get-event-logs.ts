import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EVENT_LOG_PAGE_SIZE, type EventLogStatus } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type EventLogFilters = {
  page: number;
  status?: EventLogStatus;
  organizationId?: string;
  eventType?: string;
  /** Free text, searched by the server over the whole filter (event type, organization, external id, error). */
  search?: string;
};

export const getEventLogs = (filters: EventLogFilters, signal?: AbortSignal) =>
  api.get('/rabbitmq/events', { query: { ...filters, limit: EVENT_LOG_PAGE_SIZE }, signal });

export const eventLogsQueryOptions = (filters: EventLogFilters) =>
  queryOptions({
    queryKey: queryKeys.eventLogs.list(filters),
    queryFn: ({ signal }) => getEventLogs(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useEventLogs = (filters: EventLogFilters) => useQuery(eventLogsQueryOptions(filters));
