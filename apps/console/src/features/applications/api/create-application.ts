import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApplicationRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const createApplication = (input: TCreateApplicationRequest) =>
  api.post('/applications', { body: input });

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.applications.all]),
  });
}
