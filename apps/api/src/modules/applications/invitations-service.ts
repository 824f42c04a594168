import {
  MEMBER_INVITATION_SENT,
  type TAddMemberRequest,
  type TInvitationAccepted,
  type TMember,
  type TMemberInvitationSent,
  type TMyInvitationList,
  type TPendingInvitationList,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { newId } from '../../lib/ids';
import { requireMembersAccess } from '../access';
import {
  deleteInvitation,
  findInvitationAddressedTo,
  insertInvitedMember,
  listApplicationInvitations,
  listInvitationsAddressedTo,
  upsertInvitation,
} from './invitations-queries';
import { addMember } from './members-service';

const INVITATION_NOT_FOUND = 'Convite não encontrado';

/**
 * Adding a member by e-mail. Admins, who may list every user anyway, add the account at once (201,
 * the member). Anyone else records an invitation for the address and gets the same neutral answer
 * (202) whether or not an account has it: no lookup of the account happens, so neither the answer
 * nor its time says whether the address is registered, and no name is shown before acceptance.
 */
export async function addMemberByEmail(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  input: TAddMemberRequest,
): Promise<{ isAdded: true; member: TMember } | { isAdded: false; answer: TMemberInvitationSent }> {
  if (user.isAdmin) return { isAdded: true, member: await addMember(ctx, user, applicationId, input) };
  await requireMembersAccess(ctx, user, applicationId, 'manage');
  const flags = {
    canRead: input.canRead || input.canWrite || input.canDelete,
    canWrite: input.canWrite,
    canDelete: input.canDelete,
  };
  await upsertInvitation(ctx.db, {
    id: newId(),
    applicationId,
    email: input.email.toLowerCase(),
    ...flags,
    invitedBy: user.id,
    createdAt: ctx.clock(),
  });
  return { isAdded: false, answer: { message: MEMBER_INVITATION_SENT } };
}

/** The application's pending invitations, by e-mail only, for whoever manages its members. */
export async function listPendingInvitations(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
): Promise<TPendingInvitationList> {
  await requireMembersAccess(ctx, user, applicationId, 'manage');
  const rows = await listApplicationInvitations(ctx.db, applicationId);
  return {
    data: rows.map((row) => ({
      id: row.id,
      email: row.email,
      canRead: row.canRead,
      canWrite: row.canWrite,
      canDelete: row.canDelete,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The invitations addressed to the signed-in user's e-mail. */
export async function listMyInvitations(ctx: AppContext, user: SessionUser): Promise<TMyInvitationList> {
  const rows = await listInvitationsAddressedTo(ctx.db, user.email);
  return {
    data: rows.map(({ invitation, application }) => ({
      id: invitation.id,
      application,
      canRead: invitation.canRead,
      canWrite: invitation.canWrite,
      canDelete: invitation.canDelete,
      createdAt: invitation.createdAt.toISOString(),
    })),
  };
}

async function findMyInvitation(ctx: AppContext, user: SessionUser, id: string) {
  const invitation = await findInvitationAddressedTo(ctx.db, id, user.email);
  // Someone else's invitation is not there for this user.
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  return invitation;
}

/** The invited user becomes a member with the invitation's permissions (kept as is if already one). */
export async function acceptInvitation(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TInvitationAccepted> {
  const invitation = await findMyInvitation(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    await insertInvitedMember(tx, {
      userId: user.id,
      applicationId: invitation.applicationId,
      canRead: invitation.canRead,
      canWrite: invitation.canWrite,
      canDelete: invitation.canDelete,
      createdAt: ctx.clock(),
    });
    await deleteInvitation(tx, id);
  });
  return { applicationId: invitation.applicationId };
}

export async function declineInvitation(ctx: AppContext, user: SessionUser, id: string) {
  await findMyInvitation(ctx, user, id);
  await deleteInvitation(ctx.db, id);
}
