import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const readNotification = (id: string) => api.post('/notifications/{id}/read', { params: { id } });

/** 'Marcar como lida': the list and the bell's count follow. */
export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.notifications.all]),
    onError: (error) => toastError('Não foi possível marcar o aviso como lido', error),
  });
}
