import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteRoute = (id: string) => api.delete(`/routes/${id}`);

/** A route takes its event types, fields and rules with it, so the rule lists refresh too. */
export function useDeleteRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoute,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['routes'] }),
        queryClient.invalidateQueries({ queryKey: ['event-rules'] }),
      ]);
    },
  });
}
