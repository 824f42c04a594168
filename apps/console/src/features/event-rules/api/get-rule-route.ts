import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A rule's route with its event types and fields (the form's pickers, the tester's sample). */
export const getRuleRoute = (routeId: string, signal?: AbortSignal) =>
  api.get('/routes/{id}', { params: { id: routeId }, signal });

export const ruleRouteQueryOptions = (routeId: string) =>
  queryOptions({
    queryKey: queryKeys.routes.detail(routeId),
    queryFn: ({ signal }) => getRuleRoute(routeId, signal),
    select: (response) => response.data,
  });

export const useRuleRoute = (routeId: string | undefined) =>
  useQuery({ ...ruleRouteQueryOptions(routeId ?? ''), enabled: Boolean(routeId) });
