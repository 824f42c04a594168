import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  deliveryDurationMinutes,
  deliveryLogs,
  deliveryStatsMinutes,
  events,
  subscriptions,
} from '../../db/schema';
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
export function selectDeliveryCounts(
  db: Database,
  range: Range & { ids: string[] | undefined },
): Promise<CountsRow[]> {
  const m = deliveryStatsMinutes;
  const minute = sql`${m.minute}`;
  return db
    .select({
      k: sql<number>`${bucketOf(minute, range)}`,
      success: sql<string>`sum(${m.success})::bigint`,
      retrying: sql<string>`sum(${m.retrying})::bigint`,
      failed: sql<string>`sum(${m.failed})::bigint`,
      ignored: sql<string>`sum(${m.ignored})::bigint`,
    })
    .from(m)
    .where(
      and(
        inRange(minute, range),
        range.ids ? sql`${m.subscriptionId} = ANY(${idsArray(range.ids)})` : undefined,
      ),
    )
    .groupBy(sql`1`);
}

/** Deliveries still PENDING per bucket of their creation: few, found through the status index. */
export function selectPendingCounts(
  db: Database,
  range: Range & { ids: string[] | undefined },
): Promise<Array<{ k: number; n: string | number }>> {
  const d = deliveryLogs;
  const createdAt = sql`${d.createdAt}`;
  return db
    .select({ k: sql<number>`${bucketOf(createdAt, range)}`, n: sql<string>`count(*)::bigint` })
    .from(d)
    .where(
      and(
        eq(d.status, 'PENDING'),
        inRange(createdAt, range),
        range.ids ? sql`${d.subscriptionId} = ANY(${idsArray(range.ids)})` : undefined,
      ),
    )
    .groupBy(sql`1`);
}

/**
 * One subscription's attempt durations per bucket: the duration buckets holding the median and the
 * 95th percentile (nearest rank) of its histogram.
 */
export function selectDurationPercentiles(
  db: Database,
  range: Range & { subscriptionId: string },
): Promise<Array<{ k: number; p50: number; p95: number }>> {
  const m = deliveryDurationMinutes;
  const minute = sql`${m.minute}`;
  const perBucket = db.$with('d').as(
    db
      .select({
        k: sql<number>`${bucketOf(minute, range)}`.as('k'),
        durationBucket: sql<number>`${m.durationBucket}`.as('duration_bucket'),
        n: sql<number>`sum(${m.n})`.as('n'),
      })
      .from(m)
      .where(and(eq(m.subscriptionId, range.subscriptionId), inRange(minute, range)))
      .groupBy(sql`1, 2`),
  );
  const ranked = db.$with('ranked').as(
    db
      .select({
        k: perBucket.k,
        durationBucket: perBucket.durationBucket,
        below:
          sql<number>`sum(${perBucket.n}) OVER (PARTITION BY ${perBucket.k} ORDER BY ${perBucket.durationBucket})`.as(
            'below',
          ),
        total: sql<number>`sum(${perBucket.n}) OVER (PARTITION BY ${perBucket.k})`.as('total'),
      })
      .from(perBucket),
  );
  return db
    .with(perBucket, ranked)
    .select({
      k: ranked.k,
      p50: sql<number>`min(${ranked.durationBucket}) FILTER (WHERE ${ranked.below} >= 0.5 * ${ranked.total})::int`,
      p95: sql<number>`min(${ranked.durationBucket}) FILTER (WHERE ${ranked.below} >= 0.95 * ${ranked.total})::int`,
    })
    .from(ranked)
    .groupBy(ranked.k);
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
