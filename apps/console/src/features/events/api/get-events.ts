import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TEventListResponse } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type EventListParams = {
  page?: number;
  limit?: number;
  applicationId?: string;
  eventId?: string;
  status?: string;
  search?: string;
  scope?: 'discover';
};

export const getEvents = (params: EventListParams, signal?: AbortSignal) =>
  api.get<TEventListResponse>('/events', params, signal);

export const eventsQueryOptions = (params: EventListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.events.list(params),
    queryFn: ({ signal }) => getEvents(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEvents = (params: EventListParams) => useQuery(eventsQueryOptions(params));
