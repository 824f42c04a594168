import type { TListQuery } from '@wm/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, userApplications, users } from '../../db/schema';
import { insertedRow } from '../../db/sql-rows';
import { matchSearch, pageOffset } from '../../domain/pagination';

type NewUser = typeof users.$inferInsert;
type UserChanges = Partial<
  Pick<NewUser, 'name' | 'email' | 'isAdmin' | 'isActive' | 'passwordHash' | 'updatedAt'>
>;

const applicationCount = sql<number>`(SELECT count(*)::int FROM ${userApplications} WHERE ${userApplications.userId} = ${users.id})`;

/** One page of users matching the search on name or e-mail, newest first, and the total. */
export async function selectUserPage(db: Database, query: TListQuery) {
  const where = matchSearch(query.search, users.name, users.email);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ user: users, applicationCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findUser(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function hasUser(db: Database, id: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return existing !== undefined;
}

/** The user's memberships with their applications, by application name. */
export function listUserMemberships(db: Database, userId: string) {
  return db
    .select({ link: userApplications, application: applications })
    .from(userApplications)
    .innerJoin(applications, eq(applications.id, userApplications.applicationId))
    .where(eq(userApplications.userId, userId))
    .orderBy(applications.name);
}

export function insertUser(db: Database, user: NewUser) {
  return db.insert(users).values(user).returning().then(insertedRow);
}

export async function updateUserRow(db: Database, id: string, changes: UserChanges) {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return updated;
}

export async function deleteUserRow(db: Database, id: string) {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * Locks every active admin row (in id order, so two callers never deadlock) until the transaction
 * ends and returns their ids. Two admins removing each other at once are thereby serialised: the
 * second sees the first's change and is refused, so the last-admin rule holds under concurrency.
 */
export async function lockActiveAdmins(tx: Database) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function countUsers(db: Database) {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}
