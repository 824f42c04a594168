import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RULE_PAGE_SIZE, type TEventRuleListResponse } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type EventRuleFilters = {
  page: number;
  search?: string;
  applicationId?: string;
  isActive?: boolean;
  eventType?: string;
  withoutEvent?: boolean;
};

export const getEventRules = (filters: EventRuleFilters, signal?: AbortSignal) =>
  api.get<TEventRuleListResponse>('/event-rules', { ...filters, limit: RULE_PAGE_SIZE }, signal);

export const eventRulesQueryOptions = (filters: EventRuleFilters) =>
  queryOptions({
    queryKey: queryKeys.eventRules.list(filters),
    queryFn: ({ signal }) => getEventRules(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useEventRules = (filters: EventRuleFilters) => useQuery(eventRulesQueryOptions(filters));
