import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateEventRuleRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, RULE_TREE_KEYS } from '@/lib/query-keys';

export const updateEventRule = ({ id, input }: { id: string; input: TUpdateEventRuleRequest }) =>
  api.put('/event-rules/{id}', { params: { id }, body: input });

export function useUpdateEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventRule,
    onSuccess: () => invalidateKeys(queryClient, RULE_TREE_KEYS),
  });
}
