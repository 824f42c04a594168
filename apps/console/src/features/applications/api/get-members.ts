import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMemberListResponse } from '@wm/contracts';
import { api } from '@/lib/api-client';

export const getMembers = (applicationId: string, signal?: AbortSignal) =>
  api.get<TMemberListResponse>(`/applications/${applicationId}/members`, undefined, signal);

export const membersQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['applications', 'members', applicationId],
    queryFn: ({ signal }) => getMembers(applicationId, signal),
  });

export const useMembers = (applicationId: string) => useQuery(membersQueryOptions(applicationId));
