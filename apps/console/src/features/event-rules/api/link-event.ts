import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastError } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const linkEvent = ({ ruleId, eventId }: { ruleId: string; eventId: string }) =>
  api.post('/event-rules/{id}/link-event', { params: { id: ruleId }, body: { eventId } });

/** Links the event the rule emits; toasts 'Evento vinculado' or 'Erro ao vincular evento'. */
export function useLinkEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkEvent,
    onSuccess: () => {
      toast.success('Evento vinculado', { description: 'A regra passa a emitir este evento.' });
      return invalidateKeys(queryClient, [queryKeys.eventRules.all, queryKeys.routeEventTypes.all]);
    },
    onError: (error) => toastError('Erro ao vincular evento', error),
  });
}
