import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const logQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.logs.detail(id),
    queryFn: ({ signal }) => api.get('/logs/{id}', { params: { id }, signal }),
    select: (response) => response.data,
    staleTime: 0,
  });

export const useLog = (id: string) => useQuery(logQueryOptions(id));
