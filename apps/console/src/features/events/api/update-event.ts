import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEvent, TUpdateEventRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const updateEvent = ({ id, input }: { id: string; input: TUpdateEventRequest }) =>
  api.put<TEvent>(`/events/${id}`, input);

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
