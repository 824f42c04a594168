import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeliveryLogDetail } from '@wm/contracts';
import { api, isClientError } from '@/lib/api-client';

export const logQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['logs', 'detail', id],
    queryFn: ({ signal }) => api.get<TDeliveryLogDetail>(`/logs/${id}`, undefined, signal),
    staleTime: 0,
    retry: (count, error) => !isClientError(error) && count < 2,
  });

export const useLog = (id: string) => useQuery(logQueryOptions(id));
