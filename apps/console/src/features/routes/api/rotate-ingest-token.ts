import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const rotateIngestToken = (routeId: string) =>
  api.post('/routes/{id}/rotate-ingest-token', { params: { id: routeId } });

/** A new ingest URL for the route: the old one stops answering at once. */
export function useRotateIngestToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateIngestToken,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.routes.all]),
  });
}
