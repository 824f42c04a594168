import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUser = (id: string, signal?: AbortSignal) =>
  api.get('/admin/users/{id}', { params: { id }, signal });

export const getUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminUsers.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    select: (response) => response.data,
  });

/** Runs only when an id is given. */
export const useUser = (id: string | null) =>
  useQuery({ ...getUserQueryOptions(id ?? ''), enabled: Boolean(id) });
