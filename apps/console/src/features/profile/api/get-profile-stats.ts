import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProfileStats = (signal?: AbortSignal) => api.get('/auth/me/stats', { signal });

export const profileStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session.stats(),
    queryFn: ({ signal }) => getProfileStats(signal),
    staleTime: 0,
  });

export const useProfileStats = () => useQuery(profileStatsQueryOptions());
