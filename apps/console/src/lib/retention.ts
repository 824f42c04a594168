import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUpdateRetentionRequest } from '@wm/contracts';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** How many days the logs are kept: read by the log screens, changed on /admin. */
export const getRetentionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.retention,
    queryFn: ({ signal }) => api.get('/retention', { signal }),
  });

export const useRetention = () => useQuery(getRetentionQueryOptions());

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateRetentionRequest) => api.put('/admin/retention', { body }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.retention, data),
  });
}

/** The line under a log screen's title, once the period is known. */
export const retentionNote = (days: number) =>
  `Registros mantidos por ${days} ${days === 1 ? 'dia' : 'dias'}`;
