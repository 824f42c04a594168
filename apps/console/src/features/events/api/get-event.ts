import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getEvent = (id: string, signal?: AbortSignal) =>
  api.get('/events/{id}', { params: { id }, signal });

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.events.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
    select: (response) => response.data,
  });

export const useEvent = (id: string | undefined) =>
  useQuery({ ...eventQueryOptions(id ?? ''), enabled: Boolean(id) });
