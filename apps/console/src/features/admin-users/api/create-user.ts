import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateUserRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

export const createUser = (input: TCreateUserRequest) => api.post('/admin/users', { body: input });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
