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
import { ownedApplicationNames } from '../access';
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

type Transaction = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const LAST_ADMIN = 'O último administrador não pode ser removido ou desativado';

/**
 * Locks every active admin row (in id order, so two callers never deadlock) until the transaction
 * ends and returns their ids. Two admins removing each other at once are thereby serialised: the
 * second sees the first's change and is refused, so the last-admin rule holds under concurrency.
 */
async function lockActiveAdmins(tx: Transaction) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

/** Refuses when `id` is an active admin and no other active admin would remain. Takes the lock above. */
async function assertNotLastAdmin(tx: Transaction, id: string) {
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
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!existing) throw notFound(USER_NOT_FOUND);
    const [updated] = await tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        isAdmin: input.isAdmin,
        isActive: input.isActive,
        passwordHash,
        updatedAt: ctx.clock(),
      })
      .where(eq(users.id, id))
      .returning();
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
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!existing) throw notFound(USER_NOT_FOUND);
    await tx.delete(users).where(eq(users.id, id));
  });
}
