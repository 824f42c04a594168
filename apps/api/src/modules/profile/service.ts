import {
  EMAIL_CHANGE_NEEDS_PASSWORD,
  isEmailChange,
  type TChangePasswordRequest,
  type TProfileExport,
  type TProfileStats,
  type TUpdateProfileRequest,
  type TUser,
} from '@wm/contracts';
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, events, subscriptions, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  applicationAccess,
  eventAccess,
  memberWhere,
  readableMemberships,
  subscriptionAccess,
  visibleWhere,
} from '../access';
import { assertEmailFree, USER_NOT_FOUND } from '../admin-users/service';
import { revokeUserSessions } from '../auth/service';
import { toUserView } from '../auth/user-view';
import { countDeliveryLogs } from '../logs/count-delivery-logs';

const EMAIL_TAKEN = 'Já existe um usuário com este e-mail';

export async function updateProfile(
  ctx: AppContext,
  user: SessionUser,
  input: TUpdateProfileRequest,
): Promise<TUser> {
  if (isEmailChange(input, user.email)) {
    if (!input.currentPassword) {
      throw badRequest(EMAIL_CHANGE_NEEDS_PASSWORD, [
        { path: 'currentPassword', message: EMAIL_CHANGE_NEEDS_PASSWORD },
      ]);
    }
    await assertCurrentPassword(ctx, user.id, input.currentPassword);
  }
  if (input.email) await assertEmailFree(ctx, input.email, user.id);
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ name: input.name, email: input.email, updatedAt: ctx.clock() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw notFound(USER_NOT_FOUND);
    return toUserView(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** Refuses (400 on currentPassword) unless `password` is the user's own. */
async function assertCurrentPassword(ctx: AppContext, userId: string, password: string) {
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    throw badRequest('Senha atual incorreta', [
      { path: 'currentPassword', message: 'Senha atual incorreta' },
    ]);
  }
}

/** Ends every other session of the user; the one making the change stays signed in. */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  currentSessionId: string | null,
  input: TChangePasswordRequest,
) {
  await assertCurrentPassword(ctx, user.id, input.currentPassword);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: ctx.clock() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(ctx, user.id, currentSessionId ?? undefined);
  return { message: 'Senha alterada com sucesso' };
}

const countOf = (value: { value: number } | undefined) => Number(value?.value ?? 0);

/** Counts over what the user can reach as a member (admins: everything), as the lists show them. */
export async function getProfileStats(ctx: AppContext, user: SessionUser): Promise<TProfileStats> {
  const subscriptionsWhere = visibleWhere(subscriptionAccess, user);
  const [[apps], [evts], [subs], logs] = await Promise.all([
    ctx.db.select({ value: count() }).from(applications).where(memberWhere(applicationAccess, user)),
    ctx.db.select({ value: count() }).from(events).where(memberWhere(eventAccess, user)),
    ctx.db.select({ value: count() }).from(subscriptions).where(subscriptionsWhere),
    countDeliveryLogs(ctx, subscriptionsWhere),
  ]);
  return {
    applications: countOf(apps),
    events: countOf(evts),
    subscriptions: countOf(subs),
    logs,
  };
}

/**
 * The user's own data: profile, the applications they belong to, those applications' events, and
 * the subscriptions they created or that hang on those events — each only as far as the user may
 * read it through the API. No API keys, auth details, signing secrets or password hash.
 */
export async function exportProfileData(ctx: AppContext, user: SessionUser): Promise<TProfileExport> {
  const memberships = await readableMemberships(ctx, user);
  const applicationIds = memberships.map((row) => row.application.id);
  const eventRows = applicationIds.length
    ? await ctx.db
        .select()
        .from(events)
        .where(and(inArray(events.applicationId, applicationIds), visibleWhere(eventAccess, user)))
        .orderBy(events.createdAt)
    : [];
  const eventIds = eventRows.map((event) => event.id);
  const ownSubscriptions: SQL | undefined = eventIds.length
    ? or(eq(subscriptions.createdBy, user.id), inArray(subscriptions.eventId, eventIds))
    : eq(subscriptions.createdBy, user.id);
  const subscriptionRows = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(ownSubscriptions, visibleWhere(subscriptionAccess, user)))
    .orderBy(subscriptions.createdAt);

  return {
    exportedAt: ctx.clock().toISOString(),
    user: toUserView(user),
    applications: memberships.map(({ link, application }) => ({
      id: application.id,
      name: application.name,
      visibility: application.visibility,
      callbackUrl: application.callbackUrl,
      callbackAuthType: application.callbackAuthType,
      createdAt: application.createdAt.toISOString(),
      updatedAt: application.updatedAt.toISOString(),
      membership: {
        isOwner: link.isOwner,
        canRead: link.canRead,
        canWrite: link.canWrite,
        canDelete: link.canDelete,
      },
    })),
    events: eventRows.map((event) => ({
      id: event.id,
      applicationId: event.applicationId,
      name: event.name,
      alias: event.alias,
      status: event.status,
      visibility: event.visibility,
      queueType: event.queueType,
      enableCallbacks: event.enableCallbacks,
      callbackUrl: event.callbackUrl,
      callbackAuthType: event.callbackAuthType,
      bodyTemplate: event.bodyTemplate,
      delayBetweenSends: event.delayBetweenSends,
      messageTtl: event.messageTtl,
      maxRetries: event.maxRetries,
      priority: event.priority,
      createdAt: event.createdAt.toISOString(),
      updatedAt: event.updatedAt.toISOString(),
    })),
    subscriptions: subscriptionRows.map((subscription) => ({
      id: subscription.id,
      eventId: subscription.eventId,
      name: subscription.name,
      status: subscription.status,
      targetUrl: subscription.targetUrl,
      httpMethod: subscription.httpMethod,
      authType: subscription.authType,
      jsonBody: subscription.jsonBody,
      filters: subscription.filters,
      createdAt: subscription.createdAt.toISOString(),
      updatedAt: subscription.updatedAt.toISOString(),
    })),
  };
}
