import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, memberInvitations, userApplications } from '../../db/schema';

type InvitationFlags = { canRead: boolean; canWrite: boolean; canDelete: boolean };

/** Records the invitation; a second one to the same address replaces the first's rights and date. */
export async function upsertInvitation(
  db: Database,
  invitation: {
    id: string;
    applicationId: string;
    email: string;
    invitedBy: string;
    createdAt: Date;
  } & InvitationFlags,
) {
  const { canRead, canWrite, canDelete, invitedBy, createdAt } = invitation;
  await db
    .insert(memberInvitations)
    .values(invitation)
    .onConflictDoUpdate({
      target: [memberInvitations.applicationId, memberInvitations.email],
      set: { canRead, canWrite, canDelete, invitedBy, createdAt },
    });
}

/** The application's pending invitations, newest first. */
export function listApplicationInvitations(db: Database, applicationId: string) {
  return db
    .select()
    .from(memberInvitations)
    .where(eq(memberInvitations.applicationId, applicationId))
    .orderBy(desc(memberInvitations.createdAt));
}

const addressedTo = (email: string) => sql`${memberInvitations.email} = lower(${email})`;

/** The invitations addressed to `email`, newest first, with their application's id and name. */
export function listInvitationsAddressedTo(db: Database, email: string) {
  return db
    .select({ invitation: memberInvitations, application: { id: applications.id, name: applications.name } })
    .from(memberInvitations)
    .innerJoin(applications, eq(applications.id, memberInvitations.applicationId))
    .where(addressedTo(email))
    .orderBy(desc(memberInvitations.createdAt));
}

/** The invitation, when it is addressed to `email`. */
export async function findInvitationAddressedTo(db: Database, id: string, email: string) {
  const [invitation] = await db
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.id, id), addressedTo(email)))
    .limit(1);
  return invitation;
}

/** Links the user with the invitation's rights; an existing membership is kept as it is. */
export async function insertInvitedMember(
  db: Database,
  member: { userId: string; applicationId: string; createdAt: Date } & InvitationFlags,
) {
  await db
    .insert(userApplications)
    .values({ ...member, isOwner: false })
    .onConflictDoNothing();
}

export async function deleteInvitation(db: Database, id: string) {
  await db.delete(memberInvitations).where(eq(memberInvitations.id, id));
}
