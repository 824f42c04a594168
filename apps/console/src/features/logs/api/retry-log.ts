import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export function useRetryLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/logs/{id}/retry', { params: { id } }),
    onSuccess: () => {
      toast.success('Reenvio iniciado', { description: 'O webhook será reenviado em breve.' });
      return invalidateKeys(queryClient, [queryKeys.logs.all, queryKeys.subscriptions.all]);
    },
    onError: (error) => toastError('Erro no reenvio', error),
  });
}
