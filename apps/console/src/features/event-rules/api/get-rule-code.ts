import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationLanguage } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { NO_CACHE } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const getRuleCode = (ruleId: string, language: IntegrationLanguage, signal?: AbortSignal) =>
  api.get('/integration/rules/{id}/code', { params: { id: ruleId }, query: { language }, signal });

export const ruleCodeQueryOptions = (ruleId: string, language: IntegrationLanguage) =>
  queryOptions({
    queryKey: queryKeys.integration.ruleCode(ruleId, language),
    queryFn: ({ signal }) => getRuleCode(ruleId, language, signal),
    select: (response) => response.data,
    ...NO_CACHE,
  });

export const useRuleCode = (ruleId: string, language: IntegrationLanguage) =>
  useQuery(ruleCodeQueryOptions(ruleId, language));
