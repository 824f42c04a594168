import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateApplicationRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { APPLICATION_TREE_KEYS, invalidateKeys } from '@/lib/query-keys';

/** Absent fields keep their value (a card may save only its own). */
export const updateApplication = ({ id, input }: { id: string; input: Partial<TUpdateApplicationRequest> }) =>
  api.put('/applications/{id}', { params: { id }, body: input });

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () => invalidateKeys(queryClient, APPLICATION_TREE_KEYS),
  });
}
