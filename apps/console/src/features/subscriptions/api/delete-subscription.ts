import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const deleteSubscription = (id: string) => api.delete('/subscriptions/{id}', { params: { id } });

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () =>
      invalidateKeys(queryClient, [queryKeys.subscriptions.all, queryKeys.events.all, queryKeys.logs.all]),
  });
}
