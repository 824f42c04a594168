import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastError } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-types';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export type CreateOperationalEndpointBody = ApiBody<'post', '/operational-endpoints'>;

export const createOperationalEndpoint = (body: CreateOperationalEndpointBody) =>
  api.post('/operational-endpoints', { body });

/** The answer carries the signing secret, shown once by the caller. */
export function useCreateOperationalEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOperationalEndpoint,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.operationalEndpoints.all]),
    onError: (error) => toastError('Não foi possível criar o webhook operacional', error),
  });
}
