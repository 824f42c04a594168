import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, events, subscriptions, userApplications } from '../../db/schema';
import type { SessionUser } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';

export type Permissions = { isOwner: boolean; canRead: boolean; canWrite: boolean; canDelete: boolean };
export type Need = 'read' | 'write' | 'delete' | 'owner';

const FULL: Permissions = { isOwner: true, canRead: true, canWrite: true, canDelete: true };
const READ_ONLY: Permissions = { isOwner: false, canRead: true, canWrite: false, canDelete: false };

export const APPLICATION_NOT_FOUND = 'Aplicação não encontrada';
export const EVENT_NOT_FOUND = 'Evento não encontrado';
export const SUBSCRIPTION_NOT_FOUND = 'Assinatura não encontrada';

const allows = (permissions: Permissions, need: Need) =>
  need === 'owner'
    ? permissions.isOwner
    : need === 'read'
      ? permissions.canRead
      : need === 'write'
        ? permissions.canWrite
        : permissions.canDelete;

async function membershipOf(
  ctx: AppContext,
  userId: string,
  applicationId: string,
): Promise<Permissions | null> {
  const [link] = await ctx.db
    .select()
    .from(userApplications)
    .where(and(eq(userApplications.userId, userId), eq(userApplications.applicationId, applicationId)))
    .limit(1);
  // A membership that grants nothing, not even read, is no membership (see hasReadingMembership).
  if (!link || (!link.isOwner && !link.canRead)) return null;
  return link.isOwner
    ? FULL
    : { isOwner: false, canRead: link.canRead, canWrite: link.canWrite, canDelete: link.canDelete };
}

/**
 * What `user` may do on an application: admins everything, members their flags,
 * others read-only on a PUBLIC application. null when the user may not see it
 * (callers answer 404, so private data is indistinguishable from missing data).
 */
export async function findApplicationAccess(ctx: AppContext, user: SessionUser, applicationId: string) {
  const [application] = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!application) return null;
  if (user.isAdmin) return { application, permissions: FULL, isMember: true };
  const membership = await membershipOf(ctx, user.id, applicationId);
  if (membership) return { application, permissions: membership, isMember: true };
  if (application.visibility === 'PUBLIC') return { application, permissions: READ_ONLY, isMember: false };
  return null;
}

export async function requireApplicationAccess(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  need: Need,
) {
  const access = await findApplicationAccess(ctx, user, applicationId);
  if (!access) throw notFound(APPLICATION_NOT_FOUND);
  if (!allows(access.permissions, need))
    throw forbidden('Você não tem permissão para esta ação nesta aplicação');
  return access;
}

/**
 * An event is visible to members of its application (and admins), and to
 * everyone when both the event and its application are PUBLIC; PRIVATE
 * applications hide their events whatever the event's own visibility.
 */
export async function findEventAccess(ctx: AppContext, user: SessionUser, eventId: string) {
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return null;
  const access = await findApplicationAccess(ctx, user, event.applicationId);
  if (!access) return null;
  if (!access.isMember && event.visibility !== 'PUBLIC') return null;
  return { event, ...access };
}

export async function requireEventAccess(ctx: AppContext, user: SessionUser, eventId: string, need: Need) {
  const access = await findEventAccess(ctx, user, eventId);
  if (!access) throw notFound(EVENT_NOT_FOUND);
  if (!allows(access.permissions, need))
    throw forbidden('Você não tem permissão para esta ação neste evento');
  return access;
}

/**
 * A subscription is visible to its creator and to members of its event's
 * application. Its creator and members with write may edit it (and see its
 * secrets); its creator and members with delete may delete it.
 */
export async function findSubscriptionAccess(ctx: AppContext, user: SessionUser, subscriptionId: string) {
  const [subscription] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  if (!subscription) return null;
  const [event] = await ctx.db.select().from(events).where(eq(events.id, subscription.eventId)).limit(1);
  if (!event) return null;
  const appAccess = await findApplicationAccess(ctx, user, event.applicationId);
  const isCreator = subscription.createdBy === user.id;
  const isMember = appAccess?.isMember ?? false;
  if (!isCreator && !isMember) return null;
  const memberPermissions = isMember && appAccess ? appAccess.permissions : null;
  const permissions: Permissions = {
    isOwner: isCreator || (memberPermissions?.isOwner ?? false),
    canRead: true,
    canWrite: isCreator || (memberPermissions?.canWrite ?? false),
    canDelete: isCreator || (memberPermissions?.canDelete ?? false),
  };
  return { subscription, event, application: appAccess?.application ?? null, permissions };
}

export async function requireSubscriptionAccess(
  ctx: AppContext,
  user: SessionUser,
  subscriptionId: string,
  need: Need,
) {
  const access = await findSubscriptionAccess(ctx, user, subscriptionId);
  if (!access) throw notFound(SUBSCRIPTION_NOT_FOUND);
  if (!allows(access.permissions, need))
    throw forbidden('Você não tem permissão para esta ação nesta assinatura');
  return access;
}

/**
 * SQL condition on the joined `user_applications` row: it counts as membership only when it lets
 * the user read. Write and delete imply read, so only a member stripped of every permission fails
 * it, and sees the application as an outsider would (404 when PRIVATE), everywhere alike.
 */
export const hasReadingMembership = sql`(${userApplications.isOwner} OR ${userApplications.canRead})`;

/** SQL: ids of the applications `user` is a member of (every application for admins). */
export function memberApplicationIds(user: SessionUser): SQL {
  return user.isAdmin
    ? sql`SELECT ${applications.id} FROM ${applications}`
    : sql`SELECT ${userApplications.applicationId} FROM ${userApplications} WHERE ${userApplications.userId} = ${user.id} AND ${hasReadingMembership}`;
}

/** WHERE fragment for event lists: events of the user's applications, plus (discover) PUBLIC events of PUBLIC applications. */
export function visibleEventsWhere(user: SessionUser, includePublic: boolean): SQL | undefined {
  if (user.isAdmin) return undefined;
  const own = sql`${events.applicationId} IN (${memberApplicationIds(user)})`;
  if (!includePublic) return own;
  return or(
    own,
    sql`(${events.visibility} = 'PUBLIC' AND ${events.applicationId} IN (SELECT ${applications.id} FROM ${applications} WHERE ${applications.visibility} = 'PUBLIC'))`,
  );
}

/** WHERE fragment for subscription (and delivery log) lists: created by the user or on an event of their applications. */
export function visibleSubscriptionsWhere(user: SessionUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  return or(
    eq(subscriptions.createdBy, user.id),
    sql`${subscriptions.eventId} IN (SELECT ${events.id} FROM ${events} WHERE ${events.applicationId} IN (${memberApplicationIds(user)}))`,
  );
}

/** What a user may do given their membership row (or none) on an application they can see. */
export function permissionsFromMembership(
  user: SessionUser,
  link: { isOwner: boolean; canRead: boolean; canWrite: boolean; canDelete: boolean } | null,
): Permissions {
  if (user.isAdmin || link?.isOwner) return FULL;
  if (link)
    return { isOwner: false, canRead: link.canRead, canWrite: link.canWrite, canDelete: link.canDelete };
  return READ_ONLY;
}
