import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetDeletedRecord, RULE_TREE_KEYS } from '@/lib/query-keys';

export const deleteEventRule = (id: string) => api.delete('/event-rules/{id}', { params: { id } });

export function useDeleteEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventRule,
    onSuccess: (_answer, id) => forgetDeletedRecord(queryClient, id, RULE_TREE_KEYS),
  });
}
