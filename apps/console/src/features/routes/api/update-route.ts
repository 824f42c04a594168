import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-types';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/** PUT /routes/{id}: the fields sent change, the others keep their value. */
export const updateRoute = ({ id, input }: { id: string; input: ApiBody<'put', '/routes/{id}'> }) =>
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
