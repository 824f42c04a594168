import type { TApplicationListQuery } from '@wm/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, events, subscriptions, userApplications } from '../../db/schema';
import { insertedRow } from '../../db/sql-rows';
import { matchSearch, pageOffset } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import {
  applicationAccess,
  eventAccess,
  memberWhere,
  rowPermissions,
  subscriptionAccess,
  visibleWhere,
} from '../access';

type ApplicationColumns = typeof applications.$inferInsert;

/** The list's filter: the applications `user` is a member of (discover: the PUBLIC ones), by name. */
export function applicationListWhere(user: SessionUser, query: TApplicationListQuery): SQL | undefined {
  return and(
    query.scope === 'discover' ? eq(applications.visibility, 'PUBLIC') : memberWhere(applicationAccess, user),
    matchSearch(query.search, applications.name),
  );
}

/** One page of the applications matching `where`, newest first, with `user`'s flags on each. */
export function selectApplicationPage(
  db: Database,
  user: SessionUser,
  where: SQL | undefined,
  query: TApplicationListQuery,
) {
  return db
    .select({ application: applications, ...rowPermissions(applicationAccess, user) })
    .from(applications)
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

/** Total, public and private among the applications matching `where`. */
export async function countApplicationStats(db: Database, where: SQL | undefined) {
  const [stats] = await db
    .select({
      total: sql<number>`count(*)::int`,
      public: sql<number>`(count(*) FILTER (WHERE ${applications.visibility} = 'PUBLIC'))::int`,
      private: sql<number>`(count(*) FILTER (WHERE ${applications.visibility} = 'PRIVATE'))::int`,
    })
    .from(applications)
    .where(where);
  return stats;
}

/** Events `user` can see of all the applications matching `where` (not only one page). */
export async function countVisibleEventsOfMatching(db: Database, user: SessionUser, where: SQL | undefined) {
  const [row] = await db
    .select({ total: count() })
    .from(events)
    .where(
      and(
        visibleWhere(eventAccess, user),
        sql`${events.applicationId} IN (SELECT ${applications.id} FROM ${applications}${where ? sql` WHERE ${where}` : sql``})`,
      ),
    );
  return row?.total;
}

/** Events of the listed applications that `user` can see, per application. */
export async function countVisibleEventsPerApplication(
  db: Database,
  user: SessionUser,
  applicationIds: string[],
) {
  if (applicationIds.length === 0) return [];
  return db
    .select({ applicationId: events.applicationId, total: count() })
    .from(events)
    .where(and(inArray(events.applicationId, applicationIds), visibleWhere(eventAccess, user)))
    .groupBy(events.applicationId);
}

export function insertApplication(db: Database, values: ApplicationColumns) {
  return db.insert(applications).values(values).returning().then(insertedRow);
}

/** Links the creator as owner with every permission. */
export async function insertOwner(db: Database, applicationId: string, userId: string, now: Date) {
  await db.insert(userApplications).values({
    userId,
    applicationId,
    isOwner: true,
    canRead: true,
    canWrite: true,
    canDelete: true,
    createdAt: now,
  });
}

/** The application's events and subscriptions that `user` can see. */
export function visibleApplicationScope(user: SessionUser, applicationId: string) {
  const eventsWhere = and(eq(events.applicationId, applicationId), visibleWhere(eventAccess, user));
  const subscriptionsWhere = and(
    sql`${subscriptions.eventId} IN (SELECT ${events.id} FROM ${events} WHERE ${eventsWhere})`,
    visibleWhere(subscriptionAccess, user),
  );
  return { eventsWhere, subscriptionsWhere };
}

/** The newest `limit` events matching `where`. */
export function listNewestEvents(db: Database, where: SQL | undefined, limit: number) {
  return db.select().from(events).where(where).orderBy(desc(events.createdAt), desc(events.id)).limit(limit);
}

export async function countEventsWhere(db: Database, where: SQL | undefined) {
  const [row] = await db.select({ value: count() }).from(events).where(where);
  return row?.value;
}

export function countApplicationEvents(db: Database, applicationId: string) {
  return countEventsWhere(db, eq(events.applicationId, applicationId));
}

export async function countSubscriptionsWhere(db: Database, where: SQL | undefined) {
  const [row] = await db.select({ value: count() }).from(subscriptions).where(where);
  return row?.value;
}

/** Subscriptions of each event that `user` can see. */
export async function countVisibleSubscriptionsPerEvent(db: Database, user: SessionUser, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: subscriptions.eventId, total: count() })
    .from(subscriptions)
    .where(and(inArray(subscriptions.eventId, eventIds), visibleWhere(subscriptionAccess, user)))
    .groupBy(subscriptions.eventId);
}

/** Sets the given columns; an undefined one stays as it is. Answers the row, when it exists. */
export async function updateApplicationColumns(
  db: Database,
  id: string,
  columns: Partial<ApplicationColumns>,
) {
  const [application] = await db.update(applications).set(columns).where(eq(applications.id, id)).returning();
  return application;
}

export async function deleteApplicationRow(db: Database, id: string) {
  await db.delete(applications).where(eq(applications.id, id));
}

/** The application whose key hashes to `apiKeyHash`. */
export async function findApplicationByApiKeyHash(db: Database, apiKeyHash: string) {
  const [application] = await db
    .select()
    .from(applications)
    .where(eq(applications.apiKeyHash, apiKeyHash))
    .limit(1);
  return application;
}

/** The sealed callback secret: undefined without the application, null when none is stored yet. */
export async function findCallbackSecret(db: Database, id: string) {
  const [application] = await db
    .select({ callbackSecret: applications.callbackSecret })
    .from(applications)
    .where(eq(applications.id, id));
  return application?.callbackSecret;
}

export async function setCallbackSecret(db: Database, id: string, sealedSecret: string, now: Date) {
  await db
    .update(applications)
    .set({ callbackSecret: sealedSecret, updatedAt: now })
    .where(eq(applications.id, id));
}
