import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubscriptionListResponse } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SubscriptionListParams = {
  page?: number;
  limit?: number;
  eventId?: string;
  status?: string;
  search?: string;
};

export const getSubscriptions = (params: SubscriptionListParams, signal?: AbortSignal) =>
  api.get<TSubscriptionListResponse>('/subscriptions', params, signal);

export const subscriptionsQueryOptions = (params: SubscriptionListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.list(params),
    queryFn: ({ signal }) => getSubscriptions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscriptions = (params: SubscriptionListParams) =>
  useQuery(subscriptionsQueryOptions(params));
