import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationListItem, TUpdateApplicationRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { APPLICATION_TREE_KEYS, invalidateKeys } from '@/lib/query-keys';

export const updateApplication = ({ id, input }: { id: string; input: TUpdateApplicationRequest }) =>
  api.put<TApplicationListItem>(`/applications/${id}`, input);

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () => invalidateKeys(queryClient, APPLICATION_TREE_KEYS),
  });
}
