import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export type ApplicationOption = { id: string; name: string; permissions: { canWrite: boolean } };

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

/** Why a user who may only read every application of theirs cannot create under one. */
export const READ_ONLY_APPLICATIONS =
  'Você só tem permissão de leitura nas suas aplicações: peça a um proprietário permissão de escrita.';

/**
 * Whether the user may create under some application (automation routes and rules): null while
 * the applications load, so nothing flashes as refused.
 */
export function useCanWriteSomeApplication(): boolean | null {
  const options = useApplicationOptions();
  if (!options.data) return null;
  return options.data.some((application) => application.permissions.canWrite);
}

/** The applications as select options: the id is the value, the name the label. */
export const toApplicationChoices = (applications: readonly ApplicationOption[] = []) =>
  applications.map((application) => ({ value: application.id, label: application.name }));
