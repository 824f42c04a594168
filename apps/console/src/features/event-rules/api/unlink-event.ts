import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEventRule } from '@wm/contracts';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const unlinkEvent = (ruleId: string) => api.delete<TEventRule>(`/event-rules/${ruleId}/link-event`);

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
