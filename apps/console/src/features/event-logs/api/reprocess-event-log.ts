import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const reprocessEventLog = (id: string) =>
  api.post('/rabbitmq/events/{id}/reprocess', { params: { id } });

/** 'Reprocessar': toasts 'Reprocessamento iniciado' or 'Erro no reprocessamento' and refreshes the logs. */
export function useReprocessEventLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessEventLog,
    onSuccess: () => {
      toast.success('Reprocessamento iniciado');
      return invalidateKeys(queryClient, [queryKeys.eventLogs.all, queryKeys.logs.all]);
    },
    onError: (error) => toastError('Erro no reprocessamento', error),
  });
}
