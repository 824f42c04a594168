import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getApplication = (id: string, signal?: AbortSignal) =>
  api.get('/applications/{id}', { params: { id }, signal });

export const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.applications.detail(id),
    queryFn: ({ signal }) => getApplication(id, signal),
    select: (response) => response.data,
    enabled: Boolean(id),
  });

export const useApplication = (id: string | undefined) => useQuery(applicationQueryOptions(id ?? ''));
