import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryAttempts, deliveryLogs, endpointCircuits } from '../../db/schema';

export async function findCircuitRow(db: Database, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(endpointCircuits)
    .where(eq(endpointCircuits.subscriptionId, subscriptionId))
    .limit(1);
  return row;
}

/** Deliveries of the subscription leased right now, by any worker of any process. */
export async function countLeasedDeliveries(db: Database, subscriptionId: string, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryLogs)
    .where(
      and(
        eq(deliveryLogs.subscriptionId, subscriptionId),
        inArray(deliveryLogs.status, ['PENDING', 'RETRYING']),
        gt(deliveryLogs.leaseUntil, now),
      ),
    );
  return Number(row?.n ?? 0);
}

export type AttemptStatsRow = { attempts: number; succeeded: number; p50: number | null; p95: number | null };

/**
 * Attempts since `since` of the subscription's deliveries created since then (so the read stays
 * within the window of its logs index): how many, how many answered 2xx, and the median and
 * 95th percentile of their durations.
 */
export async function selectAttemptStats(
  db: Database,
  subscriptionId: string,
  since: Date,
): Promise<AttemptStatsRow> {
  const [row] = await db
    .select({
      attempts: sql<number>`count(*)::int`,
      succeeded: sql<number>`count(*) FILTER (WHERE ${deliveryAttempts.httpStatusCode} BETWEEN 200 AND 299)::int`,
      p50: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${deliveryAttempts.durationMs})`,
      p95: sql<number | null>`percentile_cont(0.95) WITHIN GROUP (ORDER BY ${deliveryAttempts.durationMs})`,
    })
    .from(deliveryAttempts)
    .innerJoin(deliveryLogs, eq(deliveryLogs.id, deliveryAttempts.deliveryLogId))
    .where(
      and(
        eq(deliveryLogs.subscriptionId, subscriptionId),
        gte(deliveryLogs.createdAt, since),
        gte(deliveryAttempts.startedAt, since),
      ),
    );
  return {
    attempts: Number(row?.attempts ?? 0),
    succeeded: Number(row?.succeeded ?? 0),
    p50: row?.p50 === null || row?.p50 === undefined ? null : Number(row.p50),
    p95: row?.p95 === null || row?.p95 === undefined ? null : Number(row.p95),
  };
}
