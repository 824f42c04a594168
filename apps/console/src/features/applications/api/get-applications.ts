import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ApplicationListParams = { page?: number; limit?: number; search?: string };

export const getApplications = (params: ApplicationListParams, signal?: AbortSignal) =>
  api.get('/applications', { query: params, signal });

export const applicationsQueryOptions = (params: ApplicationListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.applications.list(params),
    queryFn: ({ signal }) => getApplications(params, signal),
    placeholderData: keepPreviousData,
  });

export const useApplications = (params: ApplicationListParams = {}) =>
  useQuery(applicationsQueryOptions(params));
