import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, userApplications as links } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';

/** What a caller asks to do with a resource. */
export type Need = 'read' | 'write' | 'delete' | 'owner';

const FLAG = {
  read: links.canRead,
  write: links.canWrite,
  delete: links.canDelete,
  owner: links.isOwner,
} as const;

/**
 * SQL subquery: ids of the applications where `user`'s membership grants `need`. The owner has
 * every permission. A membership counts only when it lets the user read: write and delete imply
 * read, so only a member stripped of every permission fails it, and sees the application as an
 * outsider would (404 when PRIVATE), everywhere alike.
 *
 * The one reader of memberships for access; admins are handled by the policy, not here.
 */
export function applicationIdsGranting(user: SessionUser, need: Need): SQL {
  return sql`SELECT ${links.applicationId} FROM ${links} WHERE ${links.userId} = ${user.id} AND (${links.isOwner} OR (${links.canRead} AND ${FLAG[need]}))`;
}

/**
 * The user's own memberships, with their application, that let them read it (admins read every
 * application, so all of theirs): what the user may call their applications.
 */
export function readableMemberships(ctx: AppContext, user: SessionUser) {
  return ctx.db
    .select({ link: links, application: applications })
    .from(links)
    .innerJoin(applications, eq(applications.id, links.applicationId))
    .where(
      and(
        eq(links.userId, user.id),
        user.isAdmin ? undefined : sql`${links.applicationId} IN (${applicationIdsGranting(user, 'read')})`,
      ),
    )
    .orderBy(applications.createdAt);
}

/**
 * Names of the applications `userId` owns, by name: an owner cannot be deleted while they own any
 * (the application would be left with nobody to manage its members and key).
 */
export async function ownedApplicationNames(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select({ name: applications.name })
    .from(links)
    .innerJoin(applications, eq(applications.id, links.applicationId))
    .where(and(eq(links.userId, userId), eq(links.isOwner, true)))
    .orderBy(applications.name);
  return rows.map((row) => row.name);
}
