import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const FAILED_OF = (subscriptionId: string) => ({ subscriptionId, status: 'FAILED' as const, limit: 1 });

/** How many of the subscription's deliveries ended FAILED: one row read, the total from the page. */
export const getFailedDeliveryCount = async (subscriptionId: string, signal?: AbortSignal) =>
  (await api.get('/logs', { query: FAILED_OF(subscriptionId), signal })).pagination.total;

export const useFailedDeliveryCount = (subscriptionId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: queryKeys.logs.failedCount(subscriptionId),
    queryFn: ({ signal }) => getFailedDeliveryCount(subscriptionId, signal),
    enabled: isEnabled,
  });
