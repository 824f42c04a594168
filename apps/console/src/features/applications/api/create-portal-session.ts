import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A link for one consumer to its portal: answered once, with the token in its fragment. */
export const createPortalSession = ({
  applicationId,
  consumerId,
}: {
  applicationId: string;
  consumerId: string;
}) => api.post('/applications/{id}/portal-sessions', { params: { id: applicationId }, body: { consumerId } });

export const useCreatePortalSession = (applicationId: string) =>
  useMutation({
    mutationFn: (consumerId: string) => createPortalSession({ applicationId, consumerId }),
  });
