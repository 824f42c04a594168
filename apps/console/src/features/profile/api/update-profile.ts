import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateProfileRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';

export const updateProfile = (input: TUpdateProfileRequest) => api.put('/auth/me', { body: input });

/** The saved user replaces the session's, so the header greets the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ data: user }) => queryClient.setQueryData(sessionQueryOptions().queryKey, user),
  });
}
