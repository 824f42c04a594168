import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeliveryStatsPoint } from '@wm/contracts';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The last `hours` in buckets of `bucketMinutes`, over what the user may read (or one application or subscription). */
export type DeliveryStatsWindow = {
  hours: number;
  bucketMinutes: number;
  applicationId?: string;
  subscriptionId?: string;
};

const MINUTE_MS = 60_000;
/** Charts follow new traffic without a reload. */
const REFRESH_MS = 60_000;

/** GET /stats/deliveries for the window ending at the next whole minute, asked afresh on each fetch. */
export function getDeliveryStats(window: DeliveryStatsWindow, signal?: AbortSignal) {
  const to = Math.ceil(Date.now() / MINUTE_MS) * MINUTE_MS;
  return api.get('/stats/deliveries', {
    query: {
      from: new Date(to - window.hours * 3_600_000).toISOString(),
      to: new Date(to).toISOString(),
      bucketMinutes: window.bucketMinutes,
      applicationId: window.applicationId,
      subscriptionId: window.subscriptionId,
    },
    signal,
  });
}

export const deliveryStatsQueryOptions = (window: DeliveryStatsWindow) =>
  queryOptions({
    queryKey: queryKeys.stats.deliveries(window),
    queryFn: ({ signal }) => getDeliveryStats(window, signal),
    select: (response) => response.data,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

export const useDeliveryStats = (window: DeliveryStatsWindow) => useQuery(deliveryStatsQueryOptions(window));

/** Attempts that succeeded among all attempts (SUCCESS, RETRYING and FAILED); null without attempts. */
export function successRate(points: readonly TDeliveryStatsPoint[]): number | null {
  let succeeded = 0;
  let tried = 0;
  for (const point of points) {
    succeeded += point.SUCCESS;
    tried += point.SUCCESS + point.FAILED + point.RETRYING;
  }
  return tried === 0 ? null : succeeded / tried;
}

/** A rate as a pt-BR percentage with one decimal ('97,5%'), '—' when there is none. */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
