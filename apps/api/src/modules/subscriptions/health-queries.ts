import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryLogs, endpointCircuits } from '../../db/schema';

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
