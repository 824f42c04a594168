import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const reprocessInboundRequest = (id: string) =>
  api.post('/inbound-requests/{id}/reprocess', { params: { id } });

/** 'Reprocessar': the route's rules run again on the kept request. */
export function useReprocessInboundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessInboundRequest,
    onSuccess: () => {
      toast.success('Reprocessamento iniciado', {
        description: 'As regras da rota serão executadas de novo.',
      });
      return invalidateKeys(queryClient, [queryKeys.routes.all, queryKeys.eventLogs.all]);
    },
    onError: (error) => toastError('Erro no reprocessamento', error),
  });
}
