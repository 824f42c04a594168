import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getEventRule = (id: string, signal?: AbortSignal) =>
  api.get('/event-rules/{id}', { params: { id }, signal });

export const eventRuleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.eventRules.detail(id),
    queryFn: ({ signal }) => getEventRule(id, signal),
    select: (response) => response.data,
  });

export const useEventRule = (id: string | undefined) =>
  useQuery({ ...eventRuleQueryOptions(id ?? ''), enabled: Boolean(id) });
