import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, events, subscriptions, users } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { applicationAccess, eventAccess, memberWhere, subscriptionAccess, visibleWhere } from '../access';

/** Sets the given name and e-mail; an absent one stays as it is. */
export async function updateUserNameAndEmail(
  db: Database,
  userId: string,
  input: { name?: string; email?: string },
  now: Date,
) {
  const [updated] = await db
    .update(users)
    .set({ name: input.name, email: input.email, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

export async function findPasswordHash(db: Database, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash;
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

const countOf = (rows: Array<{ value: number }>) => Number(rows[0]?.value ?? 0);

/** Applications and events the user is a member of (admins: all), and subscriptions they may see. */
export async function countReachable(db: Database, user: SessionUser, subscriptionsWhere: SQL | undefined) {
  const [apps, evts, subs] = await Promise.all([
    db.select({ value: count() }).from(applications).where(memberWhere(applicationAccess, user)),
    db.select({ value: count() }).from(events).where(memberWhere(eventAccess, user)),
    db.select({ value: count() }).from(subscriptions).where(subscriptionsWhere),
  ]);
  return { applications: countOf(apps), events: countOf(evts), subscriptions: countOf(subs) };
}

/** The events of those applications the user may read, oldest first. */
export async function listReadableEvents(db: Database, user: SessionUser, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(events)
    .where(and(inArray(events.applicationId, applicationIds), visibleWhere(eventAccess, user)))
    .orderBy(events.createdAt);
}

/** Subscriptions the user created or that hang on `eventIds`, as far as the user may read them. */
export async function listOwnSubscriptions(db: Database, user: SessionUser, eventIds: string[]) {
  const own: SQL | undefined = eventIds.length
    ? or(eq(subscriptions.createdBy, user.id), inArray(subscriptions.eventId, eventIds))
    : eq(subscriptions.createdBy, user.id);
  return db
    .select()
    .from(subscriptions)
    .where(and(own, visibleWhere(subscriptionAccess, user)))
    .orderBy(subscriptions.createdAt);
}
