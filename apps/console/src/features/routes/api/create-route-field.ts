import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRouteField, TRouteFieldInput } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const createRouteField = (input: TRouteFieldInput) =>
  api.post<{ data: TRouteField }>('/route-fields', input);

export function useCreateRouteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRouteField,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['routes'] }),
        queryClient.invalidateQueries({ queryKey: ['route-fields'] }),
      ]);
    },
  });
}
