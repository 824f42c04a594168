import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateSubscriptionRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateSubscription = ({ id, input }: { id: string; input: TUpdateSubscriptionRequest }) =>
  api.put('/subscriptions/{id}', { params: { id }, body: input });

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: () =>
      invalidateKeys(queryClient, [queryKeys.subscriptions.all, queryKeys.events.all, queryKeys.logs.all]),
  });
}
