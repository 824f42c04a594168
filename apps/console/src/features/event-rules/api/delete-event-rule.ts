import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const deleteEventRule = (id: string) => api.delete(`/event-rules/${id}`);

export function useDeleteEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventRule,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.eventRules.all,
        queryKeys.routes.all,
        queryKeys.routeEventTypes.all,
        queryKeys.integration.all,
      ]),
  });
}
