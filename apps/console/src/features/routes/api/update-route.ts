import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoute, TUpdateRouteRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/** PUT /routes/{id}: the fields sent change, the others keep their value. */
export const updateRoute = ({ id, input }: { id: string; input: TUpdateRouteRequest }) =>
  api.put<{ data: TRoute }>(`/routes/${id}`, input);

export function useUpdateRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoute,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.routes.all,
        queryKeys.eventRules.all,
        queryKeys.integration.all,
      ]),
  });
}
