import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateRoute = ({ id, input }: { id: string; input: TRouteInput }) =>
  api.put('/routes/{id}', { params: { id }, body: input });

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
