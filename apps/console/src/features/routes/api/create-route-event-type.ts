import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteEventTypeInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, RULE_TREE_KEYS } from '@/lib/query-keys';

export const createRouteEventType = (input: TRouteEventTypeInput) =>
  api.post('/route-event-types', { body: input });

export function useCreateRouteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRouteEventType,
    onSuccess: () => invalidateKeys(queryClient, RULE_TREE_KEYS),
  });
}
