import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetDeletedRecord, queryKeys } from '@/lib/query-keys';

export const deleteRoute = (id: string) => api.delete('/routes/{id}', { params: { id } });

/** A route takes its event types, fields and rules with it, so the rule lists refresh too. */
export function useDeleteRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoute,
    onSuccess: (_answer, id) =>
      forgetDeletedRecord(queryClient, id, [
        queryKeys.routes.all,
        queryKeys.routeEventTypes.all,
        queryKeys.routeFields.all,
        queryKeys.eventRules.all,
        queryKeys.integration.all,
      ]),
  });
}
