import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getInvitations = (applicationId: string, signal?: AbortSignal) =>
  api.get('/applications/{id}/invitations', { params: { id: applicationId }, signal });

export const invitationsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.applications.invitations(applicationId),
    queryFn: ({ signal }) => getInvitations(applicationId, signal),
  });

export const useInvitations = (applicationId: string) => useQuery(invitationsQueryOptions(applicationId));
