import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callbackSecretQueryOptions } from './get-callback-secret';

export const rotateCallbackSecret = (id: string) =>
  api.post('/applications/{id}/callback-secret/rotate', { params: { id } });

export function useRotateCallbackSecret(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCallbackSecret(id),
    onSuccess: (answer) => queryClient.setQueryData(callbackSecretQueryOptions(id).queryKey, answer),
  });
}
