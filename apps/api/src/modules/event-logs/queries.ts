import { type EventLogStatus, MAX_EVENT_LOG_ATTEMPTS, type TEventLogListQuery } from '@wm/contracts';
import { and, count, desc, eq, getTableColumns, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryLogs, eventLogs, events } from '../../db/schema';
import { matchSearch, matchValue, pageOffset } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { eventLogAccess, visibleWhere } from '../access';

const isUuid = (term: string | undefined): term is string =>
  term !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(term);

/**
 * The search covers event type, organization id and error message by ILIKE on the trigram index
 * `event_logs_search_idx`, and ids whole: the external id, and the log's or event's id.
 */
export function eventLogListWhere(user: SessionUser, query: TEventLogListQuery, status?: EventLogStatus) {
  const isIdSearch = isUuid(query.search);
  return and(
    visibleWhere(eventLogAccess, user),
    matchValue(eventLogs.status, status),
    matchSearch(query.organizationId, eventLogs.organizationId),
    matchSearch(query.eventType, eventLogs.eventType),
    or(
      matchSearch(query.search, eventLogs.eventType, eventLogs.organizationId, eventLogs.errorMessage),
      matchValue(eventLogs.externalEventId, query.search),
      isIdSearch ? matchValue(eventLogs.id, query.search) : undefined,
      isIdSearch ? matchValue(eventLogs.eventId, query.search) : undefined,
    ),
  );
}

/**
 * An event log's columns, its payload read through its occurrence: a log stores none of its own
 * (older logs kept a copy).
 */
const { ruleEvaluations, ...storedColumns } = getTableColumns(eventLogs);
const eventLogColumns = {
  ...storedColumns,
  // Written out: in a one-table select Drizzle leaves column names unqualified, and inside the
  // subquery an unqualified event_id would be the occurrence's own.
  payload: sql<unknown>`coalesce(event_logs.payload,
    (SELECT coalesce(o.payload, o.data) FROM occurrences o WHERE o.id = event_logs.event_id))`,
  // An event's log: the HTTP attempts of its occurrence's deliveries (probes of the occurrence key).
  deliveryAttempts: sql<number | null>`CASE WHEN event_logs.event_definition_id IS NULL THEN NULL
    ELSE (SELECT coalesce(sum(d.attempt_count), 0)::int FROM delivery_logs d
      WHERE d.occurrence_id = event_logs.event_id) END`,
};

/** One page of the event logs matching `where`, newest first. */
export function selectEventLogPage(db: Database, where: SQL | undefined, query: TEventLogListQuery) {
  return db
    .select(eventLogColumns)
    .from(eventLogs)
    .where(where)
    .orderBy(desc(eventLogs.createdAt), desc(eventLogs.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

export type EventLogRow = Awaited<ReturnType<typeof selectEventLogPage>>[number];

export function countEventLogsByStatus(db: Database, where: SQL | undefined) {
  return db
    .select({ status: eventLogs.status, total: count() })
    .from(eventLogs)
    .where(where)
    .groupBy(eventLogs.status);
}

/**
 * Sets a FAILED log below the attempt limit PENDING again with a new round of automatic retries,
 * in one conditional UPDATE; answers nothing when the log does not qualify.
 */
export async function markEventLogForReprocess(db: Database, id: string, now: Date) {
  const [updated] = await db
    .update(eventLogs)
    .set({
      status: 'PENDING',
      retryCount: sql`${eventLogs.retryCount} + 1`,
      autoRetryCount: 0,
      errorMessage: null,
      processedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(eventLogs.id, id),
        eq(eventLogs.status, 'FAILED'),
        lt(eventLogs.retryCount, MAX_EVENT_LOG_ATTEMPTS),
      ),
    )
    .returning(eventLogColumns);
  return updated;
}

/** The log whose access `requireAccess` checked, as the views show it. */
export async function findEventLog(db: Database, id: string) {
  const [row] = await db
    .select({
      ...eventLogColumns,
      ruleEvaluations,
      // What a WARN schema let through, kept on the occurrence (an emit, a POST /emit-rules, an inbound request).
      schemaVersion: sql<
        number | null
      >`(SELECT o.schema_version FROM occurrences o WHERE o.id = event_logs.event_id)`,
      schemaViolations: sql<
        { path: string; message: string }[] | null
      >`(SELECT o.schema_violations FROM occurrences o WHERE o.id = event_logs.event_id)`,
    })
    .from(eventLogs)
    .where(eq(eventLogs.id, id));
  return row;
}

/** The occurrence's finally FAILED deliveries become PENDING for the consumer (never due for the delivery workers). */
export async function reopenFailedDeliveries(db: Database, occurrenceId: string, now: Date) {
  await db
    .update(deliveryLogs)
    .set({ status: 'PENDING', nextAttemptAt: null, processedAt: null, updatedAt: now })
    .where(and(eq(deliveryLogs.occurrenceId, occurrenceId), eq(deliveryLogs.status, 'FAILED')));
}

export async function findEvent(db: Database, id: string) {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return event;
}
