import type {
  TCreateUserRequest,
  TListQuery,
  TUpdateUserRequest,
  TUserDetail,
  TUserListItem,
  TUserListResponse,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../domain/errors';
import { toPagination } from '../../domain/pagination';
import { hashPassword } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { ownedApplicationNames } from '../access';
import { revokeUserSessions } from '../auth/service';
import { toUserView } from '../auth/user-view';
import {
  deleteUserRow,
  findUser,
  hasUser,
  insertUser,
  isEmailTaken,
  listUserMemberships,
  lockActiveAdmins,
  selectUserPage,
  updateUserRow,
} from './queries';

export const USER_NOT_FOUND = 'Usuário não encontrado';
const EMAIL_TAKEN = 'Já existe um usuário com este e-mail';

export async function listUsers(ctx: AppContext, query: TListQuery): Promise<TUserListResponse> {
  const { rows, total } = await selectUserPage(ctx.db, query);
  return {
    data: rows.map(
      (row): TUserListItem => ({
        ...toUserView(row.user),
        _count: { userApplications: Number(row.applicationCount) },
      }),
    ),
    pagination: toPagination(query.page, query.limit, total),
  };
}

export async function getUserDetail(ctx: AppContext, id: string): Promise<TUserDetail> {
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  const links = await listUserMemberships(ctx.db, id);
  return {
    ...toUserView(user),
    _count: { userApplications: links.length },
    userApplications: links.map(({ link, application }) => ({
      application: { id: application.id, name: application.name, apiKeyPrefix: application.apiKeyPrefix },
      isOwner: link.isOwner,
      canRead: link.canRead,
      canWrite: link.canWrite,
      canDelete: link.canDelete,
    })),
  };
}

export async function assertEmailFree(ctx: AppContext, email: string, exceptId?: string) {
  if (await isEmailTaken(ctx.db, email, exceptId)) throw conflict(EMAIL_TAKEN);
}

export async function createUser(ctx: AppContext, input: TCreateUserRequest) {
  await assertEmailFree(ctx, input.email);
  const now = ctx.clock();
  try {
    const user = await insertUser(ctx.db, {
      id: newId(),
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      isAdmin: input.isAdmin ?? false,
      isActive: input.isActive ?? true,
      createdAt: now,
      updatedAt: now,
    });
    return toUserView(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

const LAST_ADMIN = 'O último administrador não pode ser removido ou desativado';

/** Refuses when `id` is an active admin and no other active admin would remain. Takes the lock above. */
async function assertNotLastAdmin(tx: Database, id: string) {
  const admins = await lockActiveAdmins(tx);
  if (admins.includes(id) && admins.length === 1) throw new AppError('UNPROCESSABLE', LAST_ADMIN);
}

export async function updateUser(ctx: AppContext, actorId: string, id: string, input: TUpdateUserRequest) {
  if (actorId === id && input.isActive === false) {
    throw new AppError('UNPROCESSABLE', 'Você não pode desativar sua própria conta');
  }
  if (input.email) await assertEmailFree(ctx, input.email, id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const user = await ctx.db.transaction(async (tx) => {
    if (input.isAdmin === false || input.isActive === false) await assertNotLastAdmin(tx, id);
    if (!(await hasUser(tx, id))) throw notFound(USER_NOT_FOUND);
    const updated = await updateUserRow(tx, id, {
      name: input.name,
      email: input.email,
      isAdmin: input.isAdmin,
      isActive: input.isActive,
      passwordHash,
      updatedAt: ctx.clock(),
    });
    if (!updated) throw notFound(USER_NOT_FOUND);
    return updated;
  });
  if (input.password || input.isActive === false) await revokeUserSessions(ctx, id);
  return toUserView(user);
}

export async function deleteUser(ctx: AppContext, actorId: string, id: string) {
  if (actorId === id) throw new AppError('UNPROCESSABLE', 'Você não pode excluir sua própria conta');
  const owned = await ownedApplicationNames(ctx, id);
  if (owned.length > 0) {
    throw conflict(
      `Este usuário é proprietário das aplicações ${owned.join(', ')}: transfira a propriedade a outro membro ou exclua-as antes de excluir o usuário`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, id);
    if (!(await hasUser(tx, id))) throw notFound(USER_NOT_FOUND);
    await deleteUserRow(tx, id);
  });
}
