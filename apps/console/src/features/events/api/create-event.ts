import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateEventRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const createEvent = (input: TCreateEventRequest) => api.post('/events', { body: input });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.events.all, queryKeys.applications.all]),
  });
}
