import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The event picker: up to 100 events of the rule's application (a rule emits only those). */
export const getApplicationEvents = (applicationId: string, signal?: AbortSignal) =>
  api.get('/events', { query: { applicationId, limit: 100 }, signal });

export const applicationEventsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.events.applicationOptions(applicationId),
    queryFn: ({ signal }) => getApplicationEvents(applicationId, signal),
    select: (response) => response.data,
  });

export const useApplicationEvents = (applicationId: string | undefined) =>
  useQuery({ ...applicationEventsQueryOptions(applicationId ?? ''), enabled: Boolean(applicationId) });
