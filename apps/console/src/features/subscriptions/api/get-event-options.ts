import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The event picker: up to 100 events, own and PUBLIC ones (scope=discover). */
export const getEventOptions = (signal?: AbortSignal) =>
  api.get('/events', { query: { limit: 100, scope: 'discover' }, signal });

export const eventOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.events.options(),
    queryFn: ({ signal }) => getEventOptions(signal),
    select: (response) => response.data,
  });

export const useEventOptions = () => useQuery(eventOptionsQueryOptions());
