import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetDeletedRecord, RULE_TREE_KEYS } from '@/lib/query-keys';

export const deleteRouteEventType = (id: string) => api.delete('/route-event-types/{id}', { params: { id } });

/** The type's rules stay, without an event type, so the rule lists refresh too. */
export function useDeleteRouteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRouteEventType,
    onSuccess: (_answer, id) => forgetDeletedRecord(queryClient, id, RULE_TREE_KEYS),
  });
}
