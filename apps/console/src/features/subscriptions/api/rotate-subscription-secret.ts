import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubscription } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const rotateSubscriptionSecret = (id: string) =>
  api.post<TSubscription>(`/subscriptions/${id}/rotate-secret`);

export function useRotateSubscriptionSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSubscriptionSecret,
    onSuccess: (subscription) => {
      queryClient.setQueryData(queryKeys.subscriptions.detail(subscription.id), subscription);
    },
  });
}
