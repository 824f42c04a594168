import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddMemberRequest, TMember } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const addMember = ({ applicationId, input }: { applicationId: string; input: TAddMemberRequest }) =>
  api.post<TMember>(`/applications/${applicationId}/members`, input);

export function useAddMember(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddMemberRequest) => addMember({ applicationId, input }),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
