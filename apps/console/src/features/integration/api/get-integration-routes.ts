import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIntegrationRoute } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { NO_CACHE } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const getIntegrationRoutes = (applicationId: string, signal?: AbortSignal) =>
  api.get<{ data: TIntegrationRoute[] }>('/integration/routes', { applicationId }, signal);

export const integrationRoutesQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.integration.routes(applicationId),
    queryFn: ({ signal }) => getIntegrationRoutes(applicationId, signal),
    select: (response) => response.data,
    ...NO_CACHE,
  });

export const useIntegrationRoutes = (applicationId: string | undefined) =>
  useQuery({ ...integrationRoutesQueryOptions(applicationId ?? ''), enabled: Boolean(applicationId) });
