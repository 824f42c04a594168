import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RULE_PAGE_SIZE } from '@wm/contracts';
import { api } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type EventRuleFilters = Pick<
  ApiQuery<'get', '/event-rules'>,
  'search' | 'applicationId' | 'isActive' | 'eventType' | 'withoutEvent'
> & { page: number };

export const getEventRules = (filters: EventRuleFilters, signal?: AbortSignal) =>
  api.get('/event-rules', { query: { ...filters, limit: RULE_PAGE_SIZE }, signal });

export const eventRulesQueryOptions = (filters: EventRuleFilters) =>
  queryOptions({
    queryKey: queryKeys.eventRules.list(filters),
    queryFn: ({ signal }) => getEventRules(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useEventRules = (filters: EventRuleFilters) => useQuery(eventRulesQueryOptions(filters));
