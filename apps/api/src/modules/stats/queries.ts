import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, subscriptions } from '../../db/schema';
import { queryRows } from '../../db/sql-rows';
import type { SessionUser } from '../../domain/session-user';
import { subscriptionAccess, visibleWhere } from '../access';

/** One figure of a bucket: a status count (`status`, `n`) or its duration percentiles' buckets. */
export type DeliveryStatsRow = {
  k: number;
  status: string | null;
  n: string | number | null;
  p50: number | null;
  p95: number | null;
};

/**
 * The figures of the buckets `bucketSeconds` long from `start` until `to`, bucket `k` from
 * `start + k × bucketSeconds`: attempts and IGNORED deliveries from the per-minute figures, with the
 * bucket of the median and 95th percentile of the durations (nearest rank), and the deliveries still
 * PENDING by the minute they were created (few, and found through the status index). `ids`
 * undefined: every subscription.
 */
export function selectDeliveryStatsRows(
  db: Database,
  range: { start: Date; to: Date; bucketSeconds: number; ids: string[] | undefined },
): Promise<DeliveryStatsRow[]> {
  const { start, to, bucketSeconds, ids } = range;
  // Ids from the database, passed as one array literal: one parameter however many there are.
  const idsArray = ids ? sql`${`{${ids.join(',')}}`}::uuid[]` : null;
  const ofMinutes = idsArray ? sql`AND m.subscription_id = ANY(${idsArray})` : sql``;
  const ofLogs = idsArray ? sql`AND d.subscription_id = ANY(${idsArray})` : sql``;
  const startAt = start.toISOString();
  const toAt = to.toISOString();
  return queryRows<DeliveryStatsRow>(
    db,
    sql`WITH s AS (
      SELECT floor(extract(epoch FROM m.minute - ${startAt}::timestamptz) / ${bucketSeconds}::int)::int AS k,
        m.status, m.duration_bucket, sum(m.n)::bigint AS n
      FROM delivery_stats_minutes m
      WHERE m.minute >= ${startAt}::timestamptz AND m.minute < ${toAt}::timestamptz ${ofMinutes}
      GROUP BY 1, 2, 3
    ), durations AS (
      SELECT k, duration_bucket, sum(n) AS n FROM s WHERE duration_bucket >= 0 GROUP BY 1, 2
    ), ranked AS (
      SELECT k, duration_bucket, sum(n) OVER (PARTITION BY k ORDER BY duration_bucket) AS below,
        sum(n) OVER (PARTITION BY k) AS total
      FROM durations
    )
    SELECT k, NULL::text AS status, NULL::bigint AS n,
      min(duration_bucket) FILTER (WHERE below >= 0.5 * total)::int AS p50,
      min(duration_bucket) FILTER (WHERE below >= 0.95 * total)::int AS p95
    FROM ranked GROUP BY k
    UNION ALL
    SELECT k, status, sum(n)::bigint, NULL, NULL FROM s GROUP BY k, status
    UNION ALL
    SELECT floor(extract(epoch FROM d.created_at - ${startAt}::timestamptz) / ${bucketSeconds}::int)::int,
      'PENDING', count(*)::bigint, NULL, NULL
    FROM delivery_logs d
    WHERE d.status = 'PENDING' AND d.created_at >= ${startAt}::timestamptz AND d.created_at < ${toAt}::timestamptz ${ofLogs}
    GROUP BY 1`,
  );
}

/**
 * Ids of the subscriptions `user` may read (as their logs are), narrowed to one application's events
 * or to one subscription; undefined when that is every subscription (an admin without a filter).
 */
export async function selectReadableSubscriptionIds(
  db: Database,
  user: SessionUser,
  filter: { applicationId?: string; subscriptionId?: string },
): Promise<string[] | undefined> {
  const visible = visibleWhere(subscriptionAccess, user);
  const where: SQL | undefined = and(
    visible,
    filter.subscriptionId ? eq(subscriptions.id, filter.subscriptionId) : undefined,
    filter.applicationId
      ? inArray(
          subscriptions.eventId,
          db.select({ id: events.id }).from(events).where(eq(events.applicationId, filter.applicationId)),
        )
      : undefined,
  );
  if (!where) return undefined;
  const rows = await db.select({ id: subscriptions.id }).from(subscriptions).where(where);
  return rows.map((row) => row.id);
}
