import type {
  TCreateUserRequest,
  TListQuery,
  TUpdateUserRequest,
  TUserDetail,
  TUserListItem,
  TUserListResponse,
} from '@wm/contracts';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, userApplications, users } from '../../db/schema';
import { insertedRow } from '../../db/sql-rows';
import { AppError, conflict, notFound } from '../../domain/errors';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import { hashPassword } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { revokeUserSessions } from '../auth/service';
import { toUserView } from '../auth/user-view';

export const USER_NOT_FOUND = 'Usuário não encontrado';
const EMAIL_TAKEN = 'Já existe um usuário com este e-mail';

const applicationCount = sql<number>`(SELECT count(*)::int FROM ${userApplications} WHERE ${userApplications.userId} = ${users.id})`;

export async function listUsers(ctx: AppContext, query: TListQuery): Promise<TUserListResponse> {
  const where: SQL | undefined = query.search
    ? or(ilike(users.name, likePattern(query.search)), ilike(users.email, likePattern(query.search)))
    : undefined;
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({ user: users, applicationCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(
      (row): TUserListItem => ({
        ...toUserView(row.user),
        _count: { userApplications: Number(row.applicationCount) },
      }),
    ),
    pagination: toPagination(query.page, query.limit, totals?.total ?? 0),
  };
}

export async function getUserDetail(ctx: AppContext, id: string): Promise<TUserDetail> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  const links = await ctx.db
    .select({ link: userApplications, application: applications })
    .from(userApplications)
    .innerJoin(applications, eq(applications.id, userApplications.applicationId))
    .where(eq(userApplications.userId, id))
    .orderBy(applications.name);
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
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
}

export async function createUser(ctx: AppContext, input: TCreateUserRequest) {
  await assertEmailFree(ctx, input.email);
  const now = ctx.clock();
  try {
    const user = await ctx.db
      .insert(users)
      .values({
        id: newId(),
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        isAdmin: input.isAdmin ?? false,
        isActive: input.isActive ?? true,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .then(insertedRow);
    return toUserView(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

async function countOtherActiveAdmins(ctx: AppContext, exceptId: string) {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, exceptId)));
  return row?.value ?? 0;
}

export async function updateUser(ctx: AppContext, actorId: string, id: string, input: TUpdateUserRequest) {
  const [existing] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!existing) throw notFound(USER_NOT_FOUND);
  if (actorId === id && input.isActive === false) {
    throw new AppError('UNPROCESSABLE', 'Você não pode desativar sua própria conta');
  }
  const losesAdmin =
    existing.isAdmin && existing.isActive && (input.isAdmin === false || input.isActive === false);
  if (losesAdmin && (await countOtherActiveAdmins(ctx, id)) === 0) {
    throw new AppError('UNPROCESSABLE', 'O último administrador não pode ser removido ou desativado');
  }
  if (input.email) await assertEmailFree(ctx, input.email, id);
  const [user] = await ctx.db
    .update(users)
    .set({
      name: input.name,
      email: input.email,
      isAdmin: input.isAdmin,
      isActive: input.isActive,
      passwordHash: input.password ? await hashPassword(input.password) : undefined,
      updatedAt: ctx.clock(),
    })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw notFound(USER_NOT_FOUND);
  if (input.password || input.isActive === false) await revokeUserSessions(ctx, id);
  return toUserView(user);
}

export async function deleteUser(ctx: AppContext, actorId: string, id: string) {
  if (actorId === id) throw new AppError('UNPROCESSABLE', 'Você não pode excluir sua própria conta');
  const [existing] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!existing) throw notFound(USER_NOT_FOUND);
  if (existing.isAdmin && existing.isActive && (await countOtherActiveAdmins(ctx, id)) === 0) {
    throw new AppError('UNPROCESSABLE', 'O último administrador não pode ser removido ou desativado');
  }
  await ctx.db.delete(users).where(eq(users.id, id));
}
