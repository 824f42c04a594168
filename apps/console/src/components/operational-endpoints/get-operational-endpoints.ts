import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type OperationalEndpointListParams = ApiQuery<'get', '/operational-endpoints'>;

export const getOperationalEndpoints = (params: OperationalEndpointListParams, signal?: AbortSignal) =>
  api.get('/operational-endpoints', { query: params, signal });

export const operationalEndpointsQueryOptions = (params: OperationalEndpointListParams) =>
  queryOptions({
    queryKey: queryKeys.operationalEndpoints.list(params),
    queryFn: ({ signal }) => getOperationalEndpoints(params, signal),
  });

/** The user's own endpoints, or (with applicationId) the application's. */
export const useOperationalEndpoints = (params: OperationalEndpointListParams) =>
  useQuery(operationalEndpointsQueryOptions(params));
