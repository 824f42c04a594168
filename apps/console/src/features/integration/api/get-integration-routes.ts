import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NO_CACHE } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const getIntegrationRoutes = (applicationId: string, signal?: AbortSignal) =>
  api.get('/integration/routes', { query: { applicationId }, signal });

export const integrationRoutesQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.integration.routes(applicationId),
    queryFn: ({ signal }) => getIntegrationRoutes(applicationId, signal),
    select: (response) => response.data,
    ...NO_CACHE,
  });

export const useIntegrationRoutes = (applicationId: string | undefined) =>
  useQuery({ ...integrationRoutesQueryOptions(applicationId ?? ''), enabled: Boolean(applicationId) });
