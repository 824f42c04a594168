import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecoverSubscriptionRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const recoverSubscription = ({ id, input }: { id: string; input: TRecoverSubscriptionRequest }) =>
  api.post('/subscriptions/{id}/recover', { params: { id }, body: input });

/** The re-queued deliveries change the logs and the subscription's figures. */
export function useRecoverSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverSubscription,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.subscriptions.all, queryKeys.logs.all]),
  });
}
