import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, userApplications, users } from '../../db/schema';
import { insertedRow } from '../../db/sql-rows';

export type MemberRow = { link: typeof userApplications.$inferSelect; user: typeof users.$inferSelect };
type MemberFlags = { canRead: boolean; canWrite: boolean; canDelete: boolean };

const ofMember = (applicationId: string, userId: string) =>
  and(eq(userApplications.applicationId, applicationId), eq(userApplications.userId, userId));

export async function findMember(db: Database, applicationId: string, userId: string) {
  const [row] = await db
    .select({ link: userApplications, user: users })
    .from(userApplications)
    .innerJoin(users, eq(users.id, userApplications.userId))
    .where(ofMember(applicationId, userId))
    .limit(1);
  return row ?? null;
}

/** The application's members, the owner first, then by name. */
export function listApplicationMembers(db: Database, applicationId: string): Promise<MemberRow[]> {
  return db
    .select({ link: userApplications, user: users })
    .from(userApplications)
    .innerJoin(users, eq(users.id, userApplications.userId))
    .where(eq(userApplications.applicationId, applicationId))
    .orderBy(sql`${userApplications.isOwner} DESC`, users.name);
}

/** The user with this e-mail, compared lower-cased. */
export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

export function insertMember(
  db: Database,
  member: { userId: string; applicationId: string; createdAt: Date } & MemberFlags,
) {
  return db
    .insert(userApplications)
    .values({ ...member, isOwner: false })
    .returning()
    .then(insertedRow);
}

export async function updateMemberFlags(
  db: Database,
  applicationId: string,
  userId: string,
  flags: MemberFlags,
) {
  const [link] = await db
    .update(userApplications)
    .set(flags)
    .where(ofMember(applicationId, userId))
    .returning();
  return link;
}

export async function deleteMember(db: Database, applicationId: string, userId: string) {
  await db.delete(userApplications).where(ofMember(applicationId, userId));
}

const FULL = { canRead: true, canWrite: true, canDelete: true };

/**
 * Makes `userId` the owner with every permission; the old owner stays a member with every
 * permission, and the application records the new owner as its creator. Run in a transaction.
 */
export async function moveOwnership(tx: Database, applicationId: string, userId: string, now: Date) {
  await tx
    .update(userApplications)
    .set({ isOwner: false, ...FULL })
    .where(and(eq(userApplications.applicationId, applicationId), eq(userApplications.isOwner, true)));
  await tx
    .update(userApplications)
    .set({ isOwner: true, ...FULL })
    .where(ofMember(applicationId, userId));
  await tx
    .update(applications)
    .set({ createdBy: userId, updatedAt: now })
    .where(eq(applications.id, applicationId));
}
