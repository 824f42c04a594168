import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteApplication = (id: string) => api.delete(`/applications/${id}`);

/** Events and subscriptions go with the application, so their lists reload too. */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: () =>
      Promise.all(
        ['applications', 'events', 'subscriptions', 'logs'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
