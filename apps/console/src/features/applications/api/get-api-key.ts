import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getApiKey = (id: string, signal?: AbortSignal) =>
  api.get('/applications/{id}/api-key', { params: { id }, signal });

/** The full key, fetched only when revealed or copied and never kept after use. */
export const apiKeyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.applications.apiKey(id),
    queryFn: ({ signal }) => getApiKey(id, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useApiKey = (id: string, isEnabled: boolean) =>
  useQuery({ ...apiKeyQueryOptions(id), enabled: isEnabled });
