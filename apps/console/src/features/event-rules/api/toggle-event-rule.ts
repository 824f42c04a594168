import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const toggleEventRule = (id: string) => api.patch('/event-rules/{id}/toggle', { params: { id } });

/** The status switch: flips isActive; toasts 'Status alterado' or 'Erro ao alterar status'. */
export function useToggleEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleEventRule,
    onSuccess: () => {
      toast.success('Status alterado', { description: 'O status da regra foi atualizado.' });
      return invalidateKeys(queryClient, [queryKeys.eventRules.all, queryKeys.routeEventTypes.all]);
    },
    onError: (error) => toastError('Erro ao alterar status', error),
  });
}
