import type { TSubscriptionListQuery } from '@wm/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { endpointCircuits, events, subscriptions } from '../../db/schema';
import type { Caller } from '../../domain/consumer-scope';
import { matchSearch, matchValue, pageOffset } from '../../domain/pagination';
import { rowPermissions, subscriptionAccess, visibleWhere } from '../access';

type SubscriptionColumns = typeof subscriptions.$inferInsert;

/** The list's filter: what `user` may see, narrowed by the query; it reads `events` (join it). */
export function subscriptionListWhere(user: Caller, query: TSubscriptionListQuery): SQL | undefined {
  return and(
    visibleWhere(subscriptionAccess, user),
    matchValue(subscriptions.eventId, query.eventId),
    matchValue(events.applicationId, query.applicationId),
    matchValue(subscriptions.status, query.status),
    matchValue(subscriptions.consumerId, query.consumerId),
    matchSearch(query.search, subscriptions.name, subscriptions.targetUrl),
  );
}

/** A subscription with its event's summary, its circuit and `user`'s permission flags on it. */
function selectSubscriptionRows(db: Database, user: Caller) {
  return db
    .select({
      subscription: subscriptions,
      event: { id: events.id, name: events.name, alias: events.alias, applicationId: events.applicationId },
      circuit: { state: endpointCircuits.state, openUntil: endpointCircuits.openUntil },
      ...rowPermissions(subscriptionAccess, user),
    })
    .from(subscriptions)
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .leftJoin(endpointCircuits, eq(endpointCircuits.subscriptionId, subscriptions.id));
}

const NEWEST_FIRST = [desc(subscriptions.createdAt), desc(subscriptions.id)] as const;

/**
 * One page of the subscriptions matching `where`, newest first. The page's ids come first, from
 * the narrow columns an index holds (a consumer's: an index-only scan), and only those rows are
 * read whole and joined to their event and circuit: a deep page (page 50 of 100) once fetched and
 * joined every row it skipped, 5,000 heap rows and circuit lookups for 100 answered.
 */
export function selectSubscriptionPage(
  db: Database,
  user: Caller,
  where: SQL | undefined,
  query: TSubscriptionListQuery,
) {
  // The inner FROM names the same tables, so its `where` binds to them, not to the outer query's.
  const pageIds = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  return selectSubscriptionRows(db, user)
    .where(inArray(subscriptions.id, pageIds))
    .orderBy(...NEWEST_FIRST);
}

/** Total, active and summed attempts of the subscriptions matching `where`. */
export async function countSubscriptionStats(db: Database, where: SQL | undefined) {
  const [stats] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'ACTIVE')::int`,
      attempts: sql<number>`coalesce(sum(${subscriptions.attempts}), 0)::int`,
    })
    .from(subscriptions)
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .where(where);
  return stats;
}

export async function findSubscriptionRow(db: Database, user: Caller, id: string) {
  const [row] = await selectSubscriptionRows(db, user).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function insertSubscription(db: Database, values: SubscriptionColumns) {
  await db.insert(subscriptions).values(values);
}

/** Sets the given columns; an undefined one stays as it is. */
export async function updateSubscriptionColumns(
  db: Database,
  id: string,
  columns: Partial<SubscriptionColumns>,
) {
  await db.update(subscriptions).set(columns).where(eq(subscriptions.id, id));
}

export async function deleteSubscriptionRow(db: Database, id: string) {
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
}
