import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { APPLICATION_TREE_KEYS, invalidateKeys } from '@/lib/query-keys';

export const deleteApplication = (id: string) => api.delete('/applications/{id}', { params: { id } });

/** Events and subscriptions go with the application, so their lists reload too. */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: () => invalidateKeys(queryClient, APPLICATION_TREE_KEYS),
  });
}
