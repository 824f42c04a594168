import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateEventRuleRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, RULE_TREE_KEYS } from '@/lib/query-keys';

export const createEventRule = (input: TCreateEventRuleRequest) => api.post('/event-rules', { body: input });

/** A new rule counts on its route and event type too, so those refresh. */
export function useCreateEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventRule,
    onSuccess: () => invalidateKeys(queryClient, RULE_TREE_KEYS),
  });
}
