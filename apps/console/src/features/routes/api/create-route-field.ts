import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteFieldInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const createRouteField = (input: TRouteFieldInput) => api.post('/route-fields', { body: input });

export function useCreateRouteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRouteField,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.routes.all,
        queryKeys.routeFields.all,
        queryKeys.integration.all,
      ]),
  });
}
