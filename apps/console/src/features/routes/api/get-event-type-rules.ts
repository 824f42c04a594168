import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The rules of one route event type (its detail page lists them), up to 100. */
export const getEventTypeRules = (routeEventTypeId: string, signal?: AbortSignal) =>
  api.get('/event-rules', { query: { routeEventTypeId, limit: 100 }, signal });

export const eventTypeRulesQueryOptions = (routeEventTypeId: string) =>
  queryOptions({
    queryKey: queryKeys.eventRules.byEventType(routeEventTypeId),
    queryFn: ({ signal }) => getEventTypeRules(routeEventTypeId, signal),
    select: (response) => response.data,
  });

export const useEventTypeRules = (routeEventTypeId: string | undefined) =>
  useQuery({ ...eventTypeRulesQueryOptions(routeEventTypeId ?? ''), enabled: Boolean(routeEventTypeId) });
