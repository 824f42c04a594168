import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const regenerateApiKey = (id: string) =>
  api.post('/applications/{id}/regenerate-key', { params: { id } });

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
