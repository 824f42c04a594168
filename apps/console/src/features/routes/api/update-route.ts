import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoute, TRouteInput } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const updateRoute = ({ id, input }: { id: string; input: TRouteInput }) =>
  api.put<{ data: TRoute }>(`/routes/${id}`, input);

export function useUpdateRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['routes'] }),
  });
}
