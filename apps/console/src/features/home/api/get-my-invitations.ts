import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMyInvitations = (signal?: AbortSignal) => api.get('/auth/me/invitations', { signal });

/** Under the 'applications' key: answering one changes the user's applications too. */
export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applications.myInvitations(),
    queryFn: ({ signal }) => getMyInvitations(signal),
  });

export const useMyInvitations = () => useQuery(myInvitationsQueryOptions());
