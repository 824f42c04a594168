import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateRouteEventTypeRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, RULE_TREE_KEYS } from '@/lib/query-keys';

export const updateRouteEventType = ({ id, input }: { id: string; input: TUpdateRouteEventTypeRequest }) =>
  api.put('/route-event-types/{id}', { params: { id }, body: input });

/** A renamed or deactivated type changes which rules run: the rule lists refresh too. */
export function useUpdateRouteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRouteEventType,
    onSuccess: () => invalidateKeys(queryClient, RULE_TREE_KEYS),
  });
}
