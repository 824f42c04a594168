import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const transferOwnership = ({ applicationId, userId }: { applicationId: string; userId: string }) =>
  api.post('/applications/{id}/transfer-ownership', { params: { id: applicationId }, body: { userId } });

/** The caller may stop being the owner: the application's permissions are read again too. */
export function useTransferOwnership(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => transferOwnership({ applicationId, userId }),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
