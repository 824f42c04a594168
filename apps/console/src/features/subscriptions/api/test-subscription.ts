import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /subscriptions/{id}/test: the server sends a test delivery to the target URL. */
export const testSubscription = (id: string) => api.post<unknown>(`/subscriptions/${id}/test`);

export function useTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
