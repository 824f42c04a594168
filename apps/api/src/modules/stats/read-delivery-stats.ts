import type { TDeliveryStatsPoint } from '@wm/contracts';
import type { Database } from '../../db/client';
import { durationOfBucket } from '../../delivery/delivery-stats-sql';
import { selectDeliveryStatsRows } from './queries';

export type DeliveryStatsRange = {
  from: Date;
  to: Date;
  bucketMinutes: number;
  /** Undefined: every subscription. */
  subscriptionIds: string[] | undefined;
};

const MINUTE_MS = 60_000;
const STATUSES = ['SUCCESS', 'FAILED', 'RETRYING', 'PENDING', 'IGNORED'] as const;

/**
 * What happened to the deliveries of `subscriptionIds`, one point per `bucketMinutes` from `from`
 * (taken to its minute) until `to`, every bucket present (zeros where nothing happened): attempts
 * by outcome (SUCCESS, RETRYING, FAILED), deliveries IGNORED and still PENDING by the minute they
 * were created, and the attempts' p50/p95 response times. Read from the per-minute figures, so a
 * day costs the same however many logs it holds.
 */
export async function readDeliveryStats(
  db: Database,
  range: DeliveryStatsRange,
): Promise<TDeliveryStatsPoint[]> {
  const start = new Date(Math.floor(range.from.getTime() / MINUTE_MS) * MINUTE_MS);
  const bucketMs = range.bucketMinutes * MINUTE_MS;
  const count = Math.max(1, Math.ceil((range.to.getTime() - start.getTime()) / bucketMs));
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
  if (range.subscriptionIds?.length === 0) return points;
  const rows = await selectDeliveryStatsRows(db, {
    start,
    to: range.to,
    bucketSeconds: bucketMs / 1000,
    ids: range.subscriptionIds,
  });
  for (const row of rows) {
    const point = points[row.k];
    if (!point) continue;
    if (row.status === null) {
      point.p50Ms = row.p50 === null ? null : durationOfBucket(row.p50);
      point.p95Ms = row.p95 === null ? null : durationOfBucket(row.p95);
    } else if ((STATUSES as readonly string[]).includes(row.status)) {
      point[row.status as (typeof STATUSES)[number]] += Number(row.n ?? 0);
    }
  }
  return points;
}
