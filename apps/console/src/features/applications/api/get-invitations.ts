import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPendingInvitationList } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getInvitations = (applicationId: string, signal?: AbortSignal) =>
  api.get<TPendingInvitationList>(`/applications/${applicationId}/invitations`, undefined, signal);

export const invitationsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.applications.invitations(applicationId),
    queryFn: ({ signal }) => getInvitations(applicationId, signal),
  });

export const useInvitations = (applicationId: string) => useQuery(invitationsQueryOptions(applicationId));
