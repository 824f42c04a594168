import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteInput } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const createRoute = (input: TRouteInput) => api.post('/routes', { body: input });

export function useCreateRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoute,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.routes.all, queryKeys.integration.all]),
  });
}
