import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type SubscriptionListParams = ApiQuery<'get', '/subscriptions'>;

export const getSubscriptions = (params: SubscriptionListParams, signal?: AbortSignal) =>
  api.get('/subscriptions', { query: params, signal });

export const subscriptionsQueryOptions = (params: SubscriptionListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.list(params),
    queryFn: ({ signal }) => getSubscriptions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscriptions = (params: SubscriptionListParams) =>
  useQuery(subscriptionsQueryOptions(params));
