import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateMemberRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateMember = ({
  applicationId,
  userId,
  input,
}: {
  applicationId: string;
  userId: string;
  input: TUpdateMemberRequest;
}) => api.put('/applications/{id}/members/{userId}', { params: { id: applicationId, userId }, body: input });

export function useUpdateMember(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: TUpdateMemberRequest }) =>
      updateMember({ applicationId, userId, input }),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
