import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-types';
import { localDayBound } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';

/**
 * `search` is free text, searched by the server over the whole filter (subscription name and URL,
 * event name and alias); `occurrenceId` keeps the deliveries of one occurrence (from a rule
 * execution's emitted event).
 */
export type LogFilters = Omit<ApiQuery<'get', '/logs'>, 'limit'> & { page: number };

export const LOGS_PAGE_SIZE = 20;

export const logsQueryOptions = (filters: LogFilters) =>
  queryOptions({
    queryKey: queryKeys.logs.list(filters),
    queryFn: ({ signal }) =>
      api.get('/logs', {
        query: {
          ...filters,
          startDate: localDayBound(filters.startDate, 'start'),
          endDate: localDayBound(filters.endDate, 'end'),
          limit: LOGS_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLogs = (filters: LogFilters) => useQuery(logsQueryOptions(filters));
