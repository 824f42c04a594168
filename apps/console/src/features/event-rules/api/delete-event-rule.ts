import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteEventRule = (id: string) => api.delete(`/event-rules/${id}`);

export function useDeleteEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventRule,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['event-rules'] }),
        queryClient.invalidateQueries({ queryKey: ['routes'] }),
      ]);
    },
  });
}
