import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateRouteFieldRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateRouteField = ({ id, input }: { id: string; input: TUpdateRouteFieldRequest }) =>
  api.put('/route-fields/{id}', { params: { id }, body: input });

export function useUpdateRouteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRouteField,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.routes.all,
        queryKeys.routeFields.all,
        queryKeys.integration.all,
      ]),
  });
}
