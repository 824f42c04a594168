import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RULE_EXECUTION_PAGE_SIZE } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRuleExecutions = (ruleId: string, page: number, signal?: AbortSignal) =>
  api.get('/event-rules/{id}/executions', {
    params: { id: ruleId },
    query: { page, limit: RULE_EXECUTION_PAGE_SIZE },
    signal,
  });

export const ruleExecutionsQueryOptions = (ruleId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.eventRules.executions(ruleId, page),
    queryFn: ({ signal }) => getRuleExecutions(ruleId, page, signal),
    placeholderData: keepPreviousData,
  });

export const useRuleExecutions = (ruleId: string, page: number) =>
  useQuery(ruleExecutionsQueryOptions(ruleId, page));
