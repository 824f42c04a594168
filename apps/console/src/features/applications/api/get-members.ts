import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMembers = (applicationId: string, signal?: AbortSignal) =>
  api.get('/applications/{id}/members', { params: { id: applicationId }, signal });

export const membersQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.applications.members(applicationId),
    queryFn: ({ signal }) => getMembers(applicationId, signal),
  });

export const useMembers = (applicationId: string) => useQuery(membersQueryOptions(applicationId));
