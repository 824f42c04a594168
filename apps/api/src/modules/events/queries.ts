import type { TEventListQuery } from '@wm/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, deliveryLogCounts, eventSchemaVersions, events, subscriptions } from '../../db/schema';
import { matchSearch, matchValue, pageOffset } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { eventAccess, memberWhere, rowPermissions, subscriptionAccess, visibleWhere } from '../access';

type EventColumns = typeof events.$inferInsert;

/** Subscriptions of the row's event that `user` can see (so counts never reveal others' subscriptions). */
const visibleSubscriptionCount = (user: SessionUser) => {
  const visible = visibleWhere(subscriptionAccess, user);
  return sql<number>`(SELECT count(*)::int FROM ${subscriptions} WHERE ${subscriptions.eventId} = ${events.id}${
    visible ? sql` AND ${visible}` : sql``
  })`;
};

/** The list's filter: the events `user` is a member of (discover: may see), narrowed by the query. */
export function eventListWhere(user: SessionUser, query: TEventListQuery): SQL | undefined {
  return and(
    query.scope === 'discover' ? visibleWhere(eventAccess, user) : memberWhere(eventAccess, user),
    matchValue(events.applicationId, query.applicationId),
    matchValue(events.id, query.eventId),
    matchValue(events.status, query.status),
    matchValue(events.visibility, query.visibility),
    matchSearch(query.search, events.name, events.alias),
  );
}

/** An event with its application's name, its visible subscriptions' count and `user`'s flags on it. */
function selectEventRows(db: Database, user: SessionUser) {
  return db
    .select({
      event: events,
      applicationName: applications.name,
      subscriptionCount: visibleSubscriptionCount(user),
      ...rowPermissions(eventAccess, user),
    })
    .from(events)
    .innerJoin(applications, eq(applications.id, events.applicationId));
}

/** One page of the events matching `where`, newest first. */
export function selectEventPage(
  db: Database,
  user: SessionUser,
  where: SQL | undefined,
  query: TEventListQuery,
) {
  return selectEventRows(db, user)
    .where(where)
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

/** Total, active, public and private among the events matching `where`. */
export async function countEventStats(db: Database, where: SQL | undefined) {
  const [stats] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${events.status} = 'ACTIVE')::int`,
      public: sql<number>`count(*) FILTER (WHERE ${events.visibility} = 'PUBLIC')::int`,
      private: sql<number>`count(*) FILTER (WHERE ${events.visibility} = 'PRIVATE')::int`,
    })
    .from(events)
    .where(where);
  return stats;
}

export async function findEventRow(db: Database, user: SessionUser, id: string) {
  const [row] = await selectEventRows(db, user).where(eq(events.id, id)).limit(1);
  return row;
}

export async function insertEvent(db: Database, values: EventColumns) {
  await db.insert(events).values(values);
}

/** Sets the given columns; an undefined one stays as it is. */
export async function updateEventColumns(db: Database, id: string, columns: Partial<EventColumns>) {
  await db.update(events).set(columns).where(eq(events.id, id));
}

/**
 * Gives the event its next schema version and keeps the schema under it; the event's row lock
 * orders concurrent writers, so two never take the same number.
 */
export async function addSchemaVersion(
  db: Database,
  version: Omit<typeof eventSchemaVersions.$inferInsert, 'version'>,
): Promise<number> {
  const [row] = await db
    .update(events)
    .set({ schemaVersion: sql`coalesce(${events.schemaVersion}, 0) + 1` })
    .where(eq(events.id, version.eventId))
    .returning({ version: events.schemaVersion });
  const next = row?.version ?? 1;
  await db.insert(eventSchemaVersions).values({ ...version, version: next });
  return next;
}

/** Every schema version of the event, newest first. */
export function listSchemaVersions(db: Database, eventId: string) {
  return db
    .select()
    .from(eventSchemaVersions)
    .where(eq(eventSchemaVersions.eventId, eventId))
    .orderBy(desc(eventSchemaVersions.version));
}

export async function deleteEventRow(db: Database, id: string) {
  await db.delete(events).where(eq(events.id, id));
}

/** The event's subscriptions `user` can see, newest first, with whether `user` may change each. */
export function listVisibleEventSubscriptions(db: Database, user: SessionUser, eventId: string) {
  return db
    .select({ subscription: subscriptions, canWrite: rowPermissions(subscriptionAccess, user).canWrite })
    .from(subscriptions)
    .where(and(eq(subscriptions.eventId, eventId), visibleWhere(subscriptionAccess, user)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/**
 * Deliveries per status of the event's subscriptions that `user` can see, from the trigger-kept
 * counters: no scan of the event's logs.
 */
export async function countEventDeliveries(db: Database, user: SessionUser, eventId: string) {
  const [deliveries] = await db
    .select({
      total: sql<number>`coalesce(sum(${deliveryLogCounts.n}), 0)::bigint`,
      successful: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'SUCCESS'), 0)::bigint`,
      failed: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'FAILED'), 0)::bigint`,
      retrying: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'RETRYING'), 0)::bigint`,
      pending: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'PENDING'), 0)::bigint`,
      ignored: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'IGNORED'), 0)::bigint`,
    })
    .from(deliveryLogCounts)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogCounts.subscriptionId))
    .where(and(eq(subscriptions.eventId, eventId), visibleWhere(subscriptionAccess, user)));
  return deliveries;
}

/** The application's sealed callback secret, which signs its reports (null before the start that fills it). */
export async function findCallbackSecret(db: Database, applicationId: string) {
  const [row] = await db
    .select({ secret: applications.callbackSecret })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.secret ?? null;
}

/** The application's own egress proxy (password sealed); null: the global one. */
export async function findApplicationOutboundProxy(db: Database, applicationId: string) {
  const [row] = await db
    .select({ outboundProxy: applications.outboundProxy })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.outboundProxy ?? null;
}
