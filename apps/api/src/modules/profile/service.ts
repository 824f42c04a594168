import {
  EMAIL_CHANGE_NEEDS_PASSWORD,
  isEmailChange,
  type TChangePasswordRequest,
  type TProfileExport,
  type TProfileStats,
  type TUpdateProfileRequest,
  type TUser,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { readableMemberships, subscriptionAccess, visibleWhere } from '../access';
import { emailUnique, USER_NOT_FOUND } from '../admin-users/service';
import { revokeUserSessions } from '../auth/service';
import { toUserView } from '../auth/user-view';
import { countDeliveryLogs } from '../logs/queries';
import {
  countReachable,
  findPasswordHash,
  listOwnSubscriptions,
  listReadableEvents,
  setPasswordHash,
  updateUserNameAndEmail,
} from './queries';

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
  const updated = await emailUnique(() => updateUserNameAndEmail(ctx.db, user.id, input, ctx.clock()));
  if (!updated) throw notFound(USER_NOT_FOUND);
  return toUserView(updated);
}

/** Refuses (400 on currentPassword) unless `password` is the user's own. */
async function assertCurrentPassword(ctx: AppContext, userId: string, password: string) {
  const passwordHash = await findPasswordHash(ctx.db, userId);
  if (!passwordHash || !(await verifyPassword(password, passwordHash))) {
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
  await setPasswordHash(ctx.db, user.id, await hashPassword(input.newPassword), ctx.clock());
  await revokeUserSessions(ctx, user.id, currentSessionId ?? undefined);
  return { message: 'Senha alterada com sucesso' };
}

/** Counts over what the user can reach as a member (admins: everything), as the lists show them. */
export async function getProfileStats(ctx: AppContext, user: SessionUser): Promise<TProfileStats> {
  const subscriptionsWhere = visibleWhere(subscriptionAccess, user);
  const [reachable, logs] = await Promise.all([
    countReachable(ctx.db, user, subscriptionsWhere),
    countDeliveryLogs(ctx.db, subscriptionsWhere),
  ]);
  return { ...reachable, logs };
}

/**
 * The user's own data: profile, the applications they belong to, those applications' events, and
 * the subscriptions they created or that hang on those events — each only as far as the user may
 * read it through the API. No API keys, auth details, signing secrets or password hash.
 */
export async function exportProfileData(ctx: AppContext, user: SessionUser): Promise<TProfileExport> {
  const memberships = await readableMemberships(ctx, user);
  const applicationIds = memberships.map((row) => row.application.id);
  const eventRows = await listReadableEvents(ctx.db, user, applicationIds);
  const subscriptionRows = await listOwnSubscriptions(
    ctx.db,
    user,
    eventRows.map((event) => event.id),
  );

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
