import { type SQL, sql } from 'drizzle-orm';
import { userApplications as links } from '../../db/schema';
import type { SessionUser } from '../../http/auth';

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
