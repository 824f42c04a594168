import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Lookup lists for the filters (up to 100 entries, as every lookup list). */
const lookupOptions = (path: '/subscriptions' | '/events') =>
  queryOptions({
    queryKey: queryKeys.logs.lookup(path),
    queryFn: ({ signal }) => api.get(path, { query: { page: 1, limit: 100 }, signal }),
  });

export const useSubscriptionOptions = () => useQuery(lookupOptions('/subscriptions'));
export const useEventOptions = () => useQuery(lookupOptions('/events'));
