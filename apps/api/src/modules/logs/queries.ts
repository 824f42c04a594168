import type { TDeliveryLogListQuery } from '@wm/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  deliveryAttempts,
  deliveryLogCounts,
  deliveryLogs,
  events,
  occurrences,
  subscriptions,
} from '../../db/schema';
import { fifoPredecessorHoldsSql } from '../../delivery/fifo-sql';
import type { Caller } from '../../domain/consumer-scope';
import { matchSearch, matchValue, pageOffset } from '../../domain/pagination';
import { deliveryLogAccess, memberColumn, rowPermissions, subscriptionAccess, visibleWhere } from '../access';

/** The start of a RETRYING log's last attempt (one probe of the attempts' key); null otherwise. */
const lastAttemptAt = sql<Date | string | null>`CASE WHEN ${deliveryLogs.status} = 'RETRYING' THEN
  (SELECT a.started_at FROM delivery_attempts a WHERE a.delivery_log_id = ${deliveryLogs.id}
    ORDER BY a.attempt_number DESC LIMIT 1) END`;

/** A FIFO delivery not attempted yet because an earlier one of its key is not final (or is held). */
const isWaitingForPrevious = sql<boolean>`CASE WHEN ${deliveryLogs.orderingKey} IS NOT NULL
  AND ${deliveryLogs.status} IN ('PENDING', 'RETRYING')
  THEN ${sql.raw(fifoPredecessorHoldsSql('delivery_logs', 'subscriptions'))} ELSE false END`;

const listColumns = {
  log: {
    id: deliveryLogs.id,
    status: deliveryLogs.status,
    httpStatusCode: deliveryLogs.httpStatusCode,
    createdAt: deliveryLogs.createdAt,
    processedAt: deliveryLogs.processedAt,
    lastAttemptAt,
    attemptCount: deliveryLogs.attemptCount,
    orderingKey: deliveryLogs.orderingKey,
    isWaitingForPrevious,
    skippedAt: deliveryLogs.skippedAt,
    skipReason: deliveryLogs.skipReason,
  },
  subscription: {
    id: subscriptions.id,
    name: subscriptions.name,
    status: subscriptions.status,
    targetUrl: subscriptions.targetUrl,
    httpMethod: subscriptions.httpMethod,
    authType: subscriptions.authType,
  },
  event: { id: events.id, name: events.name, alias: events.alias },
};

export type ListRow = {
  log: {
    id: string;
    status: string;
    httpStatusCode: number | null;
    createdAt: Date;
    processedAt: Date | null;
    lastAttemptAt: Date | string | null;
    attemptCount: number;
    orderingKey: string | null;
    isWaitingForPrevious: boolean;
    skippedAt: Date | null;
    skipReason: string | null;
  };
  subscription: {
    id: string;
    name: string;
    status: string;
    targetUrl: string;
    httpMethod: string;
    authType: string;
  };
  event: { id: string; name: string; alias: string };
  canWrite: boolean;
};

/** Conditions on the subscription (and its event) a log belongs to: visibility, search, ids. */
function subscriptionScope(user: Caller, query: TDeliveryLogListQuery, withIds: boolean): SQL | undefined {
  return and(
    visibleWhere(subscriptionAccess, user),
    withIds ? matchValue(subscriptions.id, query.subscriptionId) : undefined,
    withIds ? matchValue(subscriptions.eventId, query.eventId) : undefined,
    matchSearch(query.search, subscriptions.name, subscriptions.targetUrl, events.name, events.alias),
  );
}

function scopedSubscriptionIds(db: Database, scope: SQL) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .where(scope);
}

/** Above this many subscriptions found, the search stays a semi-join (a bound parameter per id). */
const SEARCHED_IDS_MAX = 1000;

/**
 * The visible subscriptions (of the filter's subscription and event) whose name, URL or event match
 * the search; null when there are too many to pass as a list.
 */
export async function searchSubscriptionIds(
  db: Database,
  user: Caller,
  query: TDeliveryLogListQuery,
): Promise<string[] | null> {
  const rows = await scopedSubscriptionIds(db, subscriptionScope(user, query, true) ?? sql`true`).limit(
    SEARCHED_IDS_MAX + 1,
  );
  return rows.length > SEARCHED_IDS_MAX ? null : rows.map((row) => row.id);
}

/** A date-only end bound includes that whole day. */
const endBound = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);

/**
 * The filter on delivery_logs alone, so the log indexes serve it: visibility as a semi-join, or, with
 * a search, the ids of the subscriptions it found (read first: as a semi-join, a search matching few
 * subscriptions walked the whole created_at index looking for their logs).
 */
export function deliveryLogListWhere(
  db: Database,
  user: Caller,
  query: TDeliveryLogListQuery,
  searchedIds: string[] | null,
): SQL | undefined {
  const scope = subscriptionScope(user, query, false);
  return and(
    searchedIds
      ? inArray(deliveryLogs.subscriptionId, searchedIds)
      : scope
        ? inArray(deliveryLogs.subscriptionId, scopedSubscriptionIds(db, scope))
        : undefined,
    matchValue(deliveryLogs.subscriptionId, query.subscriptionId),
    matchValue(deliveryLogs.eventId, query.eventId),
    matchValue(deliveryLogs.occurrenceId, query.occurrenceId),
    query.startDate ? gte(deliveryLogs.createdAt, new Date(query.startDate)) : undefined,
    query.endDate ? lte(deliveryLogs.createdAt, endBound(query.endDate)) : undefined,
    matchValue(deliveryLogs.status, query.status),
  );
}

/** One page of the logs matching `where`, newest first, with their subscription and event. */
export async function selectDeliveryLogPage(
  db: Database,
  user: Caller,
  where: SQL | undefined,
  query: TDeliveryLogListQuery,
): Promise<ListRow[]> {
  return db
    .select({ ...listColumns, canWrite: rowPermissions(deliveryLogAccess, user).canWrite })
    .from(deliveryLogs)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogs.subscriptionId))
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .where(where)
    .orderBy(desc(deliveryLogs.createdAt), desc(deliveryLogs.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

/**
 * Counts per status over the filter. Without a date range or an occurrence they come from the
 * trigger-kept counters (no scan of the logs); with one, from the logs' indexes.
 */
export async function countDeliveryLogsByStatus(
  db: Database,
  user: Caller,
  query: TDeliveryLogListQuery,
  where: SQL | undefined,
): Promise<Array<{ status: string; total: number | string | null }>> {
  if (query.startDate || query.endDate || query.occurrenceId) {
    return db
      .select({ status: deliveryLogs.status, total: count() })
      .from(deliveryLogs)
      .where(where)
      .groupBy(deliveryLogs.status);
  }
  const scope = subscriptionScope(user, query, true);
  return db
    .select({ status: deliveryLogCounts.status, total: sum(deliveryLogCounts.n) })
    .from(deliveryLogCounts)
    .where(
      and(
        scope ? inArray(deliveryLogCounts.subscriptionId, scopedSubscriptionIds(db, scope)) : undefined,
        matchValue(deliveryLogCounts.status, query.status),
      ),
    )
    .groupBy(deliveryLogCounts.status);
}

/**
 * The log with its subscription and event, and whether `user` is a member, when `user` may see it.
 * Its bodies are read through its occurrence: a log stores only those that differ from it.
 */
export async function findVisibleDeliveryLog(db: Database, user: Caller, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      canWrite: rowPermissions(deliveryLogAccess, user).canWrite,
      detail: deliveryLogs,
      bodies: {
        eventDataReceived: sql<unknown>`coalesce(${deliveryLogs.eventDataReceived}, ${occurrences.data})`,
        payloadSent: sql<unknown>`coalesce(${deliveryLogs.payloadSent}, ${occurrences.payload}, ${occurrences.data})`,
      },
      schemaVersion: occurrences.schemaVersion,
      schemaViolations: occurrences.schemaViolations,
      isMember: memberColumn(deliveryLogAccess, user),
    })
    .from(deliveryLogs)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogs.subscriptionId))
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .leftJoin(occurrences, eq(occurrences.id, deliveryLogs.occurrenceId))
    .where(and(eq(deliveryLogs.id, id), visibleWhere(deliveryLogAccess, user)))
    .limit(1);
  return row;
}

/** The log's attempts in the order they were made. */
export function listDeliveryAttempts(db: Database, deliveryLogId: string) {
  return db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryLogId, deliveryLogId))
    .orderBy(asc(deliveryAttempts.attemptNumber), asc(deliveryAttempts.startedAt));
}

export async function findSubscriptionStatus(db: Database, subscriptionId: string) {
  const [subscription] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return subscription?.status;
}

/** The columns that make a delivery log due now and unleased, for any resend of a finished delivery. */
export const dueNowColumns = (now: Date) => ({
  status: 'PENDING' as const,
  nextAttemptAt: now,
  leaseUntil: null,
  leasedBy: null,
  processedAt: null,
  updatedAt: now,
});

/** Makes a FAILED log due now and unleased; answers nothing when the log is not FAILED. */
export function requeueFailedDeliveryLog(db: Database, id: string, now: Date) {
  return db
    .update(deliveryLogs)
    .set(dueNowColumns(now))
    .where(and(eq(deliveryLogs.id, id), eq(deliveryLogs.status, 'FAILED')))
    .returning({ id: deliveryLogs.id });
}

/**
 * Delivery logs of the subscriptions `subscriptionsWhere` selects (all when undefined), from the
 * trigger-kept counters: no scan of the logs, however many there are.
 */
export async function countDeliveryLogs(db: Database, subscriptionsWhere: SQL | undefined) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${deliveryLogCounts.n}), 0)::bigint` })
    .from(deliveryLogCounts)
    .where(
      subscriptionsWhere
        ? sql`${deliveryLogCounts.subscriptionId} IN (SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptionsWhere})`
        : undefined,
    );
  return Number(row?.total ?? 0);
}

/**
 * Marks a FAILED FIFO delivery skipped (its HOLD key moves on); answers nothing when the log is not
 * a FIFO delivery that FAILED and is not skipped yet.
 */
export function markFailedFifoDeliverySkipped(db: Database, id: string, reason: string, now: Date) {
  return db
    .update(deliveryLogs)
    .set({ skippedAt: now, skipReason: reason, updatedAt: now })
    .where(
      and(
        eq(deliveryLogs.id, id),
        eq(deliveryLogs.status, 'FAILED'),
        sql`${deliveryLogs.orderingKey} IS NOT NULL`,
        sql`${deliveryLogs.skippedAt} IS NULL`,
      ),
    )
    .returning({ id: deliveryLogs.id });
}
