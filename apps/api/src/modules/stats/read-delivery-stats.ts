import { countDeliveryStatsBuckets, firstBucketStart, type TDeliveryStatsPoint } from '@wm/contracts';
import type { Database } from '../../db/client';
import { durationOfBucket } from '../../delivery/delivery-stats-sql';
import { selectDeliveryCounts, selectDurationPercentiles, selectPendingCounts } from './queries';

export type DeliveryStatsRange = {
  from: Date;
  to: Date;
  bucketMinutes: number;
  /** Undefined: every subscription. */
  subscriptionIds: string[] | undefined;
};

const MINUTE_MS = 60_000;

/**
 * What happened to the deliveries of `subscriptionIds`, one point per `bucketMinutes` from `from`
 * (taken to its minute) until `to`, every bucket present (zeros where nothing happened): attempts
 * by outcome (SUCCESS, RETRYING, FAILED), deliveries IGNORED and still PENDING by the minute they
 * were created, and, for exactly one subscription, its attempts' p50/p95 response times (null
 * otherwise, and in buckets without attempts: the response times of different endpoints make no
 * one distribution). Read from the per-minute figures, so a day costs the same however many logs
 * it holds.
 */
export async function readDeliveryStats(
  db: Database,
  range: DeliveryStatsRange,
): Promise<TDeliveryStatsPoint[]> {
  const start = firstBucketStart(range.from);
  const bucketMs = range.bucketMinutes * MINUTE_MS;
  const count = countDeliveryStatsBuckets(range.from, range.to, range.bucketMinutes);
  const points: TDeliveryStatsPoint[] = Array.from({ length: count }, (_, k) => ({
    at: new Date(start.getTime() + k * bucketMs).toISOString(),
    SUCCESS: 0,
    FAILED: 0,
    RETRYING: 0,
    PENDING: 0,
    IGNORED: 0,
    p50Ms: null,
    p95Ms: null,
  }));
  const ids = range.subscriptionIds;
  if (ids?.length === 0) return points;
  const query = { start, to: range.to, bucketSeconds: bucketMs / 1000, ids };
  const [only] = ids?.length === 1 ? ids : [];
  const [counts, pending, percentiles] = await Promise.all([
    selectDeliveryCounts(db, query),
    selectPendingCounts(db, query),
    only ? selectDurationPercentiles(db, { ...query, subscriptionId: only }) : [],
  ]);
  for (const row of counts) {
    const point = points[row.k];
    if (!point) continue;
    point.SUCCESS += Number(row.success);
    point.RETRYING += Number(row.retrying);
    point.FAILED += Number(row.failed);
    point.IGNORED += Number(row.ignored);
  }
  for (const row of pending) {
    const point = points[row.k];
    if (point) point.PENDING += Number(row.n);
  }
  for (const row of percentiles) {
    const point = points[row.k];
    if (!point) continue;
    point.p50Ms = durationOfBucket(row.p50);
    point.p95Ms = durationOfBucket(row.p95);
  }
  return points;
}
