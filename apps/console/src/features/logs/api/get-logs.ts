import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeliveryLogListResponse } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { localDayBound } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';

export type LogFilters = {
  page: number;
  subscriptionId?: string;
  eventId?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  /** The deliveries of one occurrence (from a rule execution's emitted event). */
  occurrenceId?: string;
  /** Free text, searched by the server over the whole filter (subscription name and URL, event name and alias). */
  search?: string;
};

export const LOGS_PAGE_SIZE = 20;

export const logsQueryOptions = (filters: LogFilters) =>
  queryOptions({
    queryKey: queryKeys.logs.list(filters),
    queryFn: ({ signal }) =>
      api.get<TDeliveryLogListResponse>(
        '/logs',
        {
          ...filters,
          startDate: localDayBound(filters.startDate, 'start'),
          endDate: localDayBound(filters.endDate, 'end'),
          limit: LOGS_PAGE_SIZE,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLogs = (filters: LogFilters) => useQuery(logsQueryOptions(filters));
