import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCallbackSecret = (id: string, signal?: AbortSignal) =>
  api.get('/applications/{id}/callback-secret', { params: { id }, signal });

/** The callback secret, fetched only while revealed and never kept after use. */
export const callbackSecretQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.applications.callbackSecret(id),
    queryFn: ({ signal }) => getCallbackSecret(id, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useCallbackSecret = (id: string, isEnabled: boolean) =>
  useQuery({ ...callbackSecretQueryOptions(id), enabled: isEnabled });
