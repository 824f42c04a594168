import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

export const updateUser = ({ id, data }: { id: string; data: TUpdateUserRequest }) =>
  api.put('/admin/users/{id}', { params: { id }, body: data });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
