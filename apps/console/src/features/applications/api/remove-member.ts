import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const removeMember = ({ applicationId, userId }: { applicationId: string; userId: string }) =>
  api.delete('/applications/{id}/members/{userId}', { params: { id: applicationId, userId } });

export function useRemoveMember(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember({ applicationId, userId }),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
