import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationLanguage } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { NO_CACHE } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const getRouteCode = (routeId: string, language: IntegrationLanguage, signal?: AbortSignal) =>
  api.get('/integration/routes/{id}/code', { params: { id: routeId }, query: { language }, signal });

export const routeCodeQueryOptions = (routeId: string, language: IntegrationLanguage) =>
  queryOptions({
    queryKey: queryKeys.integration.routeCode(routeId, language),
    queryFn: ({ signal }) => getRouteCode(routeId, language, signal),
    select: (response) => response.data,
    ...NO_CACHE,
  });

export const useRouteCode = (routeId: string | undefined, language: IntegrationLanguage) =>
  useQuery({ ...routeCodeQueryOptions(routeId ?? '', language), enabled: Boolean(routeId) });
