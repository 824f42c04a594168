import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteField, TRouteFieldInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const createRouteField = (input: TRouteFieldInput) =>
  api.post<{ data: TRouteField }>('/route-fields', input);

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
