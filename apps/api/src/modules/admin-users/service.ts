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
import { conflict, notFound, refuseDuplicate, unprocessable } from '../../domain/errors';
import { toPagination } from '../../domain/pagination';
import { hashPassword } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { ownedApplicationNames } from '../access';
import { revokeUserSessions } from '../auth/service';
import { toUserView } from '../auth/user-view';
import {
  deleteUserRow,
  findUser,
  hasUser,
  insertUser,
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

/** A write of a user's e-mail: another user's (compared lower-cased by the index) answers 409. */
export const emailUnique = <T>(write: () => Promise<T>) => refuseDuplicate(EMAIL_TAKEN, write);

export async function createUser(ctx: AppContext, input: TCreateUserRequest) {
  const now = ctx.clock();
  const passwordHash = await hashPassword(input.password);
  const user = await emailUnique(() =>
    insertUser(ctx.db, {
      id: newId(),
      name: input.name,
      email: input.email,
      passwordHash,
      isAdmin: input.isAdmin ?? false,
      isActive: input.isActive ?? true,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toUserView(user);
}

const LAST_ADMIN = 'O último administrador não pode ser removido ou desativado';

/** Refuses when `id` is an active admin and no other active admin would remain. Takes the lock above. */
async function assertNotLastAdmin(tx: Database, id: string) {
  const admins = await lockActiveAdmins(tx);
  if (admins.includes(id) && admins.length === 1) throw unprocessable(LAST_ADMIN);
}

export async function updateUser(ctx: AppContext, actorId: string, id: string, input: TUpdateUserRequest) {
  if (actorId === id && input.isActive === false) {
    throw unprocessable('Você não pode desativar sua própria conta');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const user = await emailUnique(() =>
    ctx.db.transaction(async (tx) => {
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
    }),
  );
  if (input.password || input.isActive === false) await revokeUserSessions(ctx, id);
  return toUserView(user);
}

export async function deleteUser(ctx: AppContext, actorId: string, id: string) {
  if (actorId === id) throw unprocessable('Você não pode excluir sua própria conta');
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
