import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NO_CACHE } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const getRulePayload = (ruleId: string, signal?: AbortSignal) =>
  api.get('/integration/rules/{id}/payload', { params: { id: ruleId }, signal });

export const rulePayloadQueryOptions = (ruleId: string) =>
  queryOptions({
    queryKey: queryKeys.integration.rulePayload(ruleId),
    queryFn: ({ signal }) => getRulePayload(ruleId, signal),
    select: (response) => response.data,
    ...NO_CACHE,
  });

export const useRulePayload = (ruleId: string) => useQuery(rulePayloadQueryOptions(ruleId));
