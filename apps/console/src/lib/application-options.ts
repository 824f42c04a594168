import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export type ApplicationOption = { id: string; name: string };

/** Application pickers and filters (events, routes, rules): up to 100 applications, the size of every lookup list. */
export const getApplicationOptions = (signal?: AbortSignal) =>
  api.get<{ data: ApplicationOption[] }>('/applications', { limit: 100 }, signal);

export const applicationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applications.options(),
    queryFn: ({ signal }) => getApplicationOptions(signal),
    select: (response) => response.data,
  });

export const useApplicationOptions = () => useQuery(applicationOptionsQueryOptions());
