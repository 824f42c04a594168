import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/** Passes over a failed FIFO delivery: it stays FAILED, and its key moves on to the next delivery. */
export function useSkipLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post('/logs/{id}/skip', { params: { id }, body: { reason } }),
    onSuccess: () => {
      toast.success('Entrega pulada', { description: 'As próximas entregas da mesma chave seguem.' });
      return invalidateKeys(queryClient, [queryKeys.logs.all, queryKeys.subscriptions.all]);
    },
    onError: (error) => toastError('Erro ao pular', error),
  });
}
