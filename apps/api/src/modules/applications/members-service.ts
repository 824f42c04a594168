import type {
  TAddMemberRequest,
  TMember,
  TMemberListResponse,
  TTransferOwnershipRequest,
  TUpdateMemberRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { notFound, refuseDuplicate, unprocessable } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { requireMembersAccess } from '../access';
import {
  deleteMember,
  findMember,
  findUserByEmail,
  insertMember,
  listApplicationMembers,
  type MemberRow,
  moveOwnership,
  updateMemberFlags,
} from './members-queries';

const USER_NOT_FOUND = 'Usuário não encontrado';
const MEMBER_NOT_FOUND = 'Membro não encontrado';
const ALREADY_MEMBER = 'Este usuário já é membro da aplicação';

const toMemberView = ({ link, user }: MemberRow): TMember => ({
  userId: user.id,
  name: user.name,
  email: user.email,
  isOwner: link.isOwner,
  canRead: link.canRead,
  canWrite: link.canWrite,
  canDelete: link.canDelete,
  createdAt: link.createdAt.toISOString(),
});

/** Writing or deleting without reading makes no sense, so either implies read. */
const withImpliedRead = (flags: { canRead: boolean; canWrite: boolean; canDelete: boolean }) => ({
  ...flags,
  canRead: flags.canRead || flags.canWrite || flags.canDelete,
});

export async function listMembers(ctx: AppContext, user: SessionUser, applicationId: string) {
  await requireMembersAccess(ctx, user, applicationId, 'list');
  const rows = await listApplicationMembers(ctx.db, applicationId);
  return { data: rows.map(toMemberView) };
}

export async function addMember(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  input: TAddMemberRequest,
): Promise<TMember> {
  await requireMembersAccess(ctx, user, applicationId, 'manage');
  const target = await findUserByEmail(ctx.db, input.email);
  if (!target) throw notFound(USER_NOT_FOUND);
  const link = await refuseDuplicate(ALREADY_MEMBER, () =>
    insertMember(ctx.db, {
      userId: target.id,
      applicationId,
      ...withImpliedRead(input),
      createdAt: ctx.clock(),
    }),
  );
  return toMemberView({ link, user: target });
}

export async function updateMember(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  memberId: string,
  input: TUpdateMemberRequest,
): Promise<TMember> {
  await requireMembersAccess(ctx, user, applicationId, 'manage');
  const member = await findMember(ctx.db, applicationId, memberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (member.link.isOwner) {
    throw unprocessable('As permissões do proprietário não podem ser alteradas');
  }
  const flags = withImpliedRead({
    canRead: input.canRead ?? member.link.canRead,
    canWrite: input.canWrite ?? member.link.canWrite,
    canDelete: input.canDelete ?? member.link.canDelete,
  });
  const link = await updateMemberFlags(ctx.db, applicationId, memberId, flags);
  if (!link) throw notFound(MEMBER_NOT_FOUND);
  return toMemberView({ link, user: member.user });
}

/** The owner (or an admin) removes members; a member may also leave on their own. */
export async function removeMember(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  memberId: string,
) {
  await requireMembersAccess(ctx, user, applicationId, memberId === user.id ? 'leave' : 'manage');
  const member = await findMember(ctx.db, applicationId, memberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (member.link.isOwner) {
    throw unprocessable('O proprietário não pode ser removido da aplicação');
  }
  await deleteMember(ctx.db, applicationId, memberId);
}

/**
 * Hands the application to another member (the owner or an admin may): the new owner gets every
 * permission, and the old owner stays a member with every permission. 422 when the user is not a
 * member (or already the owner).
 */
export async function transferOwnership(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  input: TTransferOwnershipRequest,
): Promise<TMemberListResponse> {
  await requireMembersAccess(ctx, user, applicationId, 'manage');
  const target = await findMember(ctx.db, applicationId, input.userId);
  if (!target) throw unprocessable('O novo proprietário precisa ser membro da aplicação');
  if (target.link.isOwner) throw unprocessable('Este membro já é o proprietário da aplicação');
  await ctx.db.transaction((tx) => moveOwnership(tx, applicationId, input.userId, ctx.clock()));
  return listMembers(ctx, user, applicationId);
}
