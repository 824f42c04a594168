import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateEventRequest, TEvent } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const createEvent = (input: TCreateEventRequest) => api.post<TEvent>('/events', input);

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
