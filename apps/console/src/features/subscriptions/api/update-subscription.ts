import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubscription, TUpdateSubscriptionRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const updateSubscription = ({ id, input }: { id: string; input: TUpdateSubscriptionRequest }) =>
  api.put<TSubscription>(`/subscriptions/${id}`, input);

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]);
    },
  });
}
