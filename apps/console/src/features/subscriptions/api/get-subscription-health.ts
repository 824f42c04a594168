import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The card follows the endpoint as it changes: read again every few seconds while shown. */
const REFRESH_MS = 5_000;

export const getSubscriptionHealth = (id: string, signal?: AbortSignal) =>
  api.get('/subscriptions/{id}/health', { params: { id }, signal });

export const subscriptionHealthQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.health(id),
    queryFn: ({ signal }) => getSubscriptionHealth(id, signal),
    refetchInterval: REFRESH_MS,
  });

export const useSubscriptionHealth = (id: string) => useQuery(subscriptionHealthQueryOptions(id));
