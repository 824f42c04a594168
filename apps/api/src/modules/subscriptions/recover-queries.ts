import { and, count, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryLogs } from '../../db/schema';
import { SKIPPED_WHILE_DISABLED_REASON } from '../../delivery/plan-delivery-logs';
import { dueNowColumns } from '../logs/queries';

/** `until` undefined: up to now, this instant's logs included. */
type Window = { subscriptionId: string; since: Date; until: Date | undefined };

const inWindow = ({ subscriptionId, since, until }: Window) =>
  and(
    eq(deliveryLogs.subscriptionId, subscriptionId),
    gte(deliveryLogs.createdAt, since),
    until ? lt(deliveryLogs.createdAt, until) : undefined,
  );

/**
 * Makes due now, once each, the window's deliveries that ended FAILED and the occurrences the
 * subscription skipped while disabled; the row lock makes a concurrent recover skip what this one
 * takes (its `recovered_at` is set when it re-reads the row). Answers each one's kept reason, which
 * tells a skipped occurrence from a failed delivery.
 */
export function requeueRecoverableDeliveries(db: Database, window: Window, now: Date) {
  return db
    .update(deliveryLogs)
    .set({ ...dueNowColumns(now), recoveredAt: now })
    .where(
      and(
        inWindow(window),
        isNull(deliveryLogs.recoveredAt),
        or(
          eq(deliveryLogs.status, 'FAILED'),
          and(
            eq(deliveryLogs.status, 'IGNORED'),
            eq(deliveryLogs.errorMessage, SKIPPED_WHILE_DISABLED_REASON),
          ),
        ),
      ),
    )
    .returning({ id: deliveryLogs.id, errorMessage: deliveryLogs.errorMessage });
}

/** The window's deliveries a recover has ever re-queued (this one's included). */
export async function countRecoveredDeliveries(db: Database, window: Window) {
  const [row] = await db
    .select({ n: count() })
    .from(deliveryLogs)
    .where(and(inWindow(window), isNotNull(deliveryLogs.recoveredAt)));
  return Number(row?.n ?? 0);
}
