import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export type ApplicationOption = { id: string; name: string };

/** Application pickers and filters (events, routes, rules): up to 100 applications, the size of every lookup list. */
export const getApplicationOptions = (signal?: AbortSignal) =>
  api.get('/applications', { query: { limit: 100 }, signal });

export const applicationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applications.options(),
    queryFn: ({ signal }) => getApplicationOptions(signal),
    select: (response) => response.data,
  });

export const useApplicationOptions = () => useQuery(applicationOptionsQueryOptions());

/** The applications as select options: the id is the value, the name the label. */
export const toApplicationChoices = (applications: readonly ApplicationOption[] = []) =>
  applications.map((application) => ({ value: application.id, label: application.name }));
