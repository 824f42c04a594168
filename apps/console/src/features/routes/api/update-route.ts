import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoute, TRouteInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateRoute = ({ id, input }: { id: string; input: TRouteInput }) =>
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
