import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const reprocessEventLogsBatch = (eventIds: string[]) =>
  api.post('/rabbitmq/events/reprocess-batch', { body: { eventIds } });

/** Batch reprocess with the summary toast '{n} eventos processados com sucesso, {m} falharam.' */
export function useReprocessEventLogsBatch(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessEventLogsBatch,
    onSuccess: ({ stats }) => {
      const summary = `${stats.succeeded} eventos processados com sucesso, ${stats.failed} falharam.`;
      if (stats.failed > 0) toast.warning(summary);
      else toast.success(summary);
      onDone?.();
      return invalidateKeys(queryClient, [queryKeys.eventLogs.all, queryKeys.logs.all]);
    },
    onError: (error) => toastError('Erro no reprocessamento em lote', error),
  });
}
