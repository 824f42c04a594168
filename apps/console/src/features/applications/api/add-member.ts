import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddMemberRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/** An admin adds the account at once (the member); anyone else sends an invitation (a message). */
export const addMember = ({ applicationId, input }: { applicationId: string; input: TAddMemberRequest }) =>
  api.post('/applications/{id}/members', { params: { id: applicationId }, body: input });

export function useAddMember(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddMemberRequest) => addMember({ applicationId, input }),
    // Members and pending invitations alike.
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
