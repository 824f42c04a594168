import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryLogs, endpointCircuits, subscriptions } from '../../db/schema';
import { fifoPredecessorHoldsSql } from '../../delivery/fifo-sql';

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

/**
 * The subscription's FIFO keys held behind an earlier delivery (one not final, or a failure on
 * HOLD): how many, and since when the oldest waiting delivery was created.
 */
export async function countHeldFifoKeys(db: Database, subscriptionId: string) {
  const [row] = await db
    .select({
      heldKeys: sql<number>`count(DISTINCT ${deliveryLogs.orderingKey})::int`,
      oldest: sql<string | Date | null>`min(${deliveryLogs.createdAt})`,
    })
    .from(deliveryLogs)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogs.subscriptionId))
    .where(
      and(
        eq(deliveryLogs.subscriptionId, subscriptionId),
        isNotNull(deliveryLogs.orderingKey),
        inArray(deliveryLogs.status, ['PENDING', 'RETRYING']),
        sql.raw(fifoPredecessorHoldsSql('delivery_logs', 'subscriptions')),
      ),
    );
  return {
    heldKeys: Number(row?.heldKeys ?? 0),
    oldestHeldAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
  };
}
