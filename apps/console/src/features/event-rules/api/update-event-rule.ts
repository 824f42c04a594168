import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEventRule, TUpdateEventRuleRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateEventRule = ({ id, input }: { id: string; input: TUpdateEventRuleRequest }) =>
  api.put<TEventRule>(`/event-rules/${id}`, input);

export function useUpdateEventRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventRule,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.eventRules.all,
        queryKeys.routes.all,
        queryKeys.routeEventTypes.all,
        queryKeys.integration.all,
      ]),
  });
}
