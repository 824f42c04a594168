import { and, asc, eq, gt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  applications,
  deliveryLogs,
  events,
  occurrenceKeys,
  occurrences,
  subscriptions,
} from '../../db/schema';

/** The answer and event type of the application's occurrence with this key created after `since`. */
export async function findOccurrenceByKey(db: Database, applicationId: string, key: string, since: Date) {
  const [previous] = await db
    .select({ response: occurrences.response, eventType: occurrences.eventType })
    .from(occurrenceKeys)
    .innerJoin(occurrences, eq(occurrences.id, occurrenceKeys.occurrenceId))
    .where(
      and(
        eq(occurrenceKeys.applicationId, applicationId),
        eq(occurrenceKeys.idempotencyKey, key),
        gt(occurrenceKeys.createdAt, since),
      ),
    )
    .limit(1);
  return previous;
}

export async function findEventById(db: Database, id: string) {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return event;
}

/** The application's own egress proxy (password sealed); null: the global one. */
export async function findApplicationOutboundProxy(db: Database, applicationId: string) {
  const [row] = await db
    .select({ outboundProxy: applications.outboundProxy })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row?.outboundProxy ?? null;
}

/** The occurrence and its one delivery log, in one transaction. */
export async function insertOccurrenceWithDelivery(
  db: Database,
  occurrence: typeof occurrences.$inferInsert,
  deliveryLog: typeof deliveryLogs.$inferInsert,
) {
  await db.transaction(async (tx) => {
    await tx.insert(occurrences).values(occurrence);
    await tx.insert(deliveryLogs).values(deliveryLog);
  });
}

/** The event's subscriptions an emit does not reach (neither ACTIVE nor FAILED), oldest first. */
export function findUnreachedSubscriptions(db: Database, eventId: string) {
  return db
    .select({ id: subscriptions.id, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.eventId, eventId), notInArray(subscriptions.status, ['ACTIVE', 'FAILED'])))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}
