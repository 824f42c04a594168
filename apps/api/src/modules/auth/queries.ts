import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures, sessions, users } from '../../db/schema';

/** Serialises login attempts on one e-mail until the transaction ends. */
export async function lockLoginEmail(tx: Database, email: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${email}))`);
}

/** Failures on the e-mail since `since`: from `ip`, and from every address together. */
export async function countLoginFailures(tx: Database, email: string, ip: string, since: Date) {
  const [row] = await tx
    .select({
      fromAddress: sql<number>`count(*) FILTER (WHERE ${loginFailures.ip} = ${ip})`.mapWith(Number),
      fromAll: count(),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  return { fromAddress: row?.fromAddress ?? 0, fromAll: row?.fromAll ?? 0 };
}

export async function insertLoginFailure(
  tx: Database,
  failure: { id: string; email: string; ip: string; createdAt: Date },
) {
  await tx.insert(loginFailures).values(failure);
}

export async function deleteLoginFailure(db: Database, id: string) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forgets the failures of (email, ip) after a successful login. */
export async function clearLoginFailures(db: Database, email: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/** The user with this e-mail, compared lower-cased. */
export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return user;
}

export async function insertSession(db: Database, session: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(session);
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes every session of the user except `keepSessionId` when given. */
export async function deleteUserSessions(db: Database, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`)
        : eq(sessions.userId, userId),
    );
}
