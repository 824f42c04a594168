import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, subscriptions } from '../../db/schema';
import { queryRows } from '../../db/sql-rows';
import type { SessionUser } from '../../domain/session-user';
import { subscriptionAccess, visibleWhere } from '../access';

type Range = { start: Date; to: Date; bucketSeconds: number };

/** SQL: the index of the bucket `column` falls in, buckets `bucketSeconds` long from `start`. */
const bucketOf = (column: SQL, range: Range) =>
  sql`floor(extract(epoch FROM ${column} - ${range.start.toISOString()}::timestamptz) / ${range.bucketSeconds}::int)::int`;

const inRange = (column: SQL, range: Range) =>
  sql`${column} >= ${range.start.toISOString()}::timestamptz AND ${column} < ${range.to.toISOString()}::timestamptz`;

/** Ids from the database, passed as one array literal: one parameter however many there are. */
const idsArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export type CountsRow = {
  k: number;
  success: string | number;
  retrying: string | number;
  failed: string | number;
  ignored: string | number;
};

/**
 * Attempts by outcome and IGNORED deliveries per bucket (bucket `k` from `start + k × bucketSeconds`),
 * from the per-minute counts; `ids` undefined: every subscription.
 */
export function selectDeliveryCounts(db: Database, range: Range & { ids: string[] | undefined }) {
  const minute = sql`m.minute`;
  return queryRows<CountsRow>(
    db,
    sql`SELECT ${bucketOf(minute, range)} AS k, sum(m.success)::bigint AS success,
        sum(m.retrying)::bigint AS retrying, sum(m.failed)::bigint AS failed, sum(m.ignored)::bigint AS ignored
      FROM delivery_stats_minutes m
      WHERE ${inRange(minute, range)} ${range.ids ? sql`AND m.subscription_id = ANY(${idsArray(range.ids)})` : sql``}
      GROUP BY 1`,
  );
}

/** Deliveries still PENDING per bucket of their creation: few, found through the status index. */
export function selectPendingCounts(db: Database, range: Range & { ids: string[] | undefined }) {
  const createdAt = sql`d.created_at`;
  return queryRows<{ k: number; n: string | number }>(
    db,
    sql`SELECT ${bucketOf(createdAt, range)} AS k, count(*)::bigint AS n
      FROM delivery_logs d
      WHERE d.status = 'PENDING' AND ${inRange(createdAt, range)}
        ${range.ids ? sql`AND d.subscription_id = ANY(${idsArray(range.ids)})` : sql``}
      GROUP BY 1`,
  );
}

/**
 * One subscription's attempt durations per bucket: the duration buckets holding the median and the
 * 95th percentile (nearest rank) of its histogram.
 */
export function selectDurationPercentiles(db: Database, range: Range & { subscriptionId: string }) {
  const minute = sql`m.minute`;
  return queryRows<{ k: number; p50: number; p95: number }>(
    db,
    sql`WITH d AS (
        SELECT ${bucketOf(minute, range)} AS k, m.duration_bucket, sum(m.n) AS n
        FROM delivery_duration_minutes m
        WHERE m.subscription_id = ${range.subscriptionId} AND ${inRange(minute, range)}
        GROUP BY 1, 2
      ), ranked AS (
        SELECT k, duration_bucket, sum(n) OVER (PARTITION BY k ORDER BY duration_bucket) AS below,
          sum(n) OVER (PARTITION BY k) AS total
        FROM d
      )
      SELECT k, min(duration_bucket) FILTER (WHERE below >= 0.5 * total)::int AS p50,
        min(duration_bucket) FILTER (WHERE below >= 0.95 * total)::int AS p95
      FROM ranked GROUP BY k`,
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
