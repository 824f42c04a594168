import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const deleteApplication = (id: string) => api.delete(`/applications/${id}`);

/** Events and subscriptions go with the application, so their lists reload too. */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.applications.all,
        queryKeys.events.all,
        queryKeys.subscriptions.all,
        queryKeys.logs.all,
        queryKeys.eventLogs.all,
        queryKeys.routes.all,
        queryKeys.eventRules.all,
        queryKeys.integration.all,
      ]),
  });
}
