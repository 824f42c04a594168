import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteRouteEventType = (id: string) => api.delete(`/route-event-types/${id}`);

/** The type's rules stay, without an event type, so the rule lists refresh too. */
export function useDeleteRouteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRouteEventType,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['routes'] }),
        queryClient.invalidateQueries({ queryKey: ['route-event-types'] }),
        queryClient.invalidateQueries({ queryKey: ['event-rules'] }),
      ]);
    },
  });
}
