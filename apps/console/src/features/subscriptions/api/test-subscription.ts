import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/**
 * POST /subscriptions/{id}/test: the server sends a test delivery to the target URL now and answers
 * with its outcome (200 even when the target failed: `success` says how it went; a private or
 * reserved target is refused with 400, shown by the caller's toastError).
 */
export const testSubscription = (id: string) => api.post('/subscriptions/{id}/test', { params: { id } });

export function useTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSubscription,
    onSuccess: () =>
      // The test is logged like any delivery and counts in the subscription's attempts.
      invalidateKeys(queryClient, [queryKeys.subscriptions.all, queryKeys.logs.all]),
  });
}
