import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetDeletedRecord, queryKeys } from '@/lib/query-keys';

export const deleteEvent = (id: string) => api.delete('/events/{id}', { params: { id } });

/** Deleting an event removes its subscriptions too, so both lists refresh. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_answer, id) =>
      forgetDeletedRecord(queryClient, id, [
        queryKeys.events.all,
        queryKeys.applications.all,
        queryKeys.subscriptions.all,
        queryKeys.logs.all,
        queryKeys.eventLogs.all,
        queryKeys.eventRules.all,
      ]),
  });
}
