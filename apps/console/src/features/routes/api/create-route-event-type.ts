import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteEventType, TRouteEventTypeInput } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const createRouteEventType = (input: TRouteEventTypeInput) =>
  api.post<{ data: TRouteEventType }>('/route-event-types', input);

export function useCreateRouteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRouteEventType,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['routes'] }),
        queryClient.invalidateQueries({ queryKey: ['route-event-types'] }),
      ]);
    },
  });
}
