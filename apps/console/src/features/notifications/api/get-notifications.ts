import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type NotificationListParams = ApiQuery<'get', '/notifications'>;

/** New notices arrive without the user doing anything: the bell and the list look again this often. */
const REFRESH_MS = 30_000;

export const getNotifications = (params: NotificationListParams, signal?: AbortSignal) =>
  api.get('/notifications', { query: params, signal });

export const notificationsQueryOptions = (params: NotificationListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.notifications.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** A page of the user's notices, with their unread count (the bell reads the count of a one-item page). */
export const useNotifications = (params: NotificationListParams) =>
  useQuery(notificationsQueryOptions(params));
