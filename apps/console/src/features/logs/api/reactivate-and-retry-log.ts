import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/**
 * Sets the log's subscription ACTIVE again, then re-queues the log: a disabled subscription's
 * deliveries are refused until it is active.
 */
export async function reactivateAndRetryLog({
  logId,
  subscriptionId,
}: {
  logId: string;
  subscriptionId: string;
}) {
  await api.put('/subscriptions/{id}', { params: { id: subscriptionId }, body: { status: 'ACTIVE' } });
  return api.post('/logs/{id}/retry', { params: { id: logId } });
}

export function useReactivateAndRetryLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateAndRetryLog,
    onSuccess: () => {
      toast.success('Assinatura reativada e reenvio iniciado', {
        description: 'O webhook será reenviado em breve.',
      });
      return invalidateKeys(queryClient, [
        queryKeys.logs.all,
        queryKeys.subscriptions.all,
        queryKeys.events.all,
      ]);
    },
    onError: (error) => toastError('Erro no reenvio', error),
  });
}
