import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const unlinkEvent = (ruleId: string) =>
  api.delete('/event-rules/{id}/link-event', { params: { id: ruleId } });

/** Removes the rule's linked event; toasts 'Evento desvinculado' or 'Erro ao desvincular evento'. */
export function useUnlinkEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkEvent,
    onSuccess: () => {
      toast.success('Evento desvinculado', { description: 'A regra não emite mais nenhum evento.' });
      return invalidateKeys(queryClient, [queryKeys.eventRules.all, queryKeys.routeEventTypes.all]);
    },
    onError: (error) => toastError('Erro ao desvincular evento', error),
  });
}
