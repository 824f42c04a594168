import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteEventType, TRouteEventTypeInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, RULE_TREE_KEYS } from '@/lib/query-keys';

export const createRouteEventType = (input: TRouteEventTypeInput) =>
  api.post<{ data: TRouteEventType }>('/route-event-types', input);

export function useCreateRouteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRouteEventType,
    onSuccess: () => invalidateKeys(queryClient, RULE_TREE_KEYS),
  });
}
