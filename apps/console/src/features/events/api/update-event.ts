import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEvent, TUpdateEventRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateEvent = ({ id, input }: { id: string; input: TUpdateEventRequest }) =>
  api.put<TEvent>(`/events/${id}`, input);

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
