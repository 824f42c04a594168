import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';

/** The server ends the user's other sessions; this one stays signed in. */
export const changePassword = (input: TChangePasswordRequest) =>
  api.post('/auth/change-password', { body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
