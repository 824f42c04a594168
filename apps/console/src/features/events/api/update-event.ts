import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateEventRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateEvent = ({ id, input }: { id: string; input: TUpdateEventRequest }) =>
  api.put('/events/{id}', { params: { id }, body: input });

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.events.all,
        queryKeys.subscriptions.all,
        queryKeys.logs.all,
        queryKeys.eventLogs.all,
      ]),
  });
}
