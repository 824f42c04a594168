import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const USERS_PAGE_SIZE = 10;

type UsersQuery = { page?: number; search?: string };

export const getUsers = ({ page = 1, search }: UsersQuery, signal?: AbortSignal) =>
  api.get('/admin/users', { query: { page, limit: USERS_PAGE_SIZE, search }, signal });

/** Without arguments: the key prefix of every user list and detail, for invalidation. */
export const getUsersQueryOptions = ({ page, search }: UsersQuery = {}) =>
  queryOptions({
    queryKey: page ? queryKeys.adminUsers.list({ page, search: search ?? '' }) : queryKeys.adminUsers.all,
    queryFn: ({ signal }) => getUsers({ page, search }, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(getUsersQueryOptions(query));
