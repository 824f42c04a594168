import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserDetail } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUser = (id: string, signal?: AbortSignal) =>
  api.get<TUserDetail>(`/admin/users/${id}`, undefined, signal);

export const getUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminUsers.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

/** Runs only when an id is given. */
export const useUser = (id: string | null) =>
  useQuery({ ...getUserQueryOptions(id ?? ''), enabled: Boolean(id) });
