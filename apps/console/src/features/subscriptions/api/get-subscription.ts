import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSubscription = (id: string, signal?: AbortSignal) =>
  api.get('/subscriptions/{id}', { params: { id }, signal });

export const subscriptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.detail(id),
    queryFn: ({ signal }) => getSubscription(id, signal),
    select: (response) => response.data,
  });

export const useSubscription = (id: string | undefined) =>
  useQuery({ ...subscriptionQueryOptions(id ?? ''), enabled: Boolean(id) });
