import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const readAllNotifications = () => api.post('/notifications/read-all');

/** 'Marcar todas como lidas': toasts how many, then the list and the bell's count follow. */
export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: (answer) => {
      const { marked } = answer.data;
      toast.success(marked === 1 ? '1 aviso marcado como lido' : `${marked} avisos marcados como lidos`);
      return invalidateKeys(queryClient, [queryKeys.notifications.all]);
    },
    onError: (error) => toastError('Não foi possível marcar os avisos como lidos', error),
  });
}
