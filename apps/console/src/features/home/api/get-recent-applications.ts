import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Home shows at most 6 applications; the stats cover all of them. */
export const HOME_APPLICATION_LIMIT = 6;

export const getRecentApplications = (signal?: AbortSignal) =>
  api.get('/applications', { query: { page: 1, limit: HOME_APPLICATION_LIMIT }, signal });

/** Under the 'applications' key, so every application change refreshes the home page too. */
export const recentApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applications.home(),
    queryFn: ({ signal }) => getRecentApplications(signal),
  });

export const useRecentApplications = () => useQuery(recentApplicationsQueryOptions());
