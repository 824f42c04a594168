import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type EventListParams = ApiQuery<'get', '/events'>;

export const getEvents = (params: EventListParams, signal?: AbortSignal) =>
  api.get('/events', { query: params, signal });

export const eventsQueryOptions = (params: EventListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.events.list(params),
    queryFn: ({ signal }) => getEvents(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEvents = (params: EventListParams) => useQuery(eventsQueryOptions(params));
