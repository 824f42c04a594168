import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const rotateSubscriptionSecret = (id: string) =>
  api.post('/subscriptions/{id}/rotate-secret', { params: { id } });

export function useRotateSubscriptionSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSubscriptionSecret,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.subscriptions.detail(answer.data.id), answer);
    },
  });
}
