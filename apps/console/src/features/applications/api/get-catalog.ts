import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCatalog = (applicationId: string, signal?: AbortSignal) =>
  api.get('/applications/{id}/catalog', { params: { id: applicationId }, signal });

export const catalogQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.applications.catalog(applicationId),
    queryFn: ({ signal }) => getCatalog(applicationId, signal),
  });

export const useCatalog = (applicationId: string) => useQuery(catalogQueryOptions(applicationId));
