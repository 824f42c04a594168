import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export type InvitationAnswer = 'accept' | 'decline';

export const answerInvitation = ({ id, answer }: { id: string; answer: InvitationAnswer }) =>
  api.post(`/auth/me/invitations/{id}/${answer}`, { params: { id } });

/** Accepting adds an application to the user's: every application query is read again. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
