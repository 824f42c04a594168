import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateSubscriptionRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const createSubscription = (input: TCreateSubscriptionRequest) =>
  api.post('/subscriptions', { body: input });

/** A new subscription changes its event's counts too. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.subscriptions.all, queryKeys.events.all]),
  });
}
