import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfileStats } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProfileStats = (signal?: AbortSignal) =>
  api.get<TProfileStats>('/auth/me/stats', undefined, signal);

export const profileStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session.stats(),
    queryFn: ({ signal }) => getProfileStats(signal),
    staleTime: 0,
  });

export const useProfileStats = () => useQuery(profileStatsQueryOptions());
