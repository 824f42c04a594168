import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const deleteOperationalEndpoint = (id: string) =>
  api.delete('/operational-endpoints/{id}', { params: { id } });

export function useDeleteOperationalEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOperationalEndpoint,
    onSuccess: () => {
      toast.success('Webhook operacional excluído');
      return invalidateKeys(queryClient, [queryKeys.operationalEndpoints.all]);
    },
    onError: (error) => toastError('Não foi possível excluir o webhook operacional', error),
  });
}
