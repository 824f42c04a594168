import { and, eq, type SQL, sql } from 'drizzle-orm';
import { events, subscriptions, userApplications } from '../../db/schema';
import type { SessionUser } from '../../http/auth';
import { hasReadingMembership } from './service';

/**
 * Per-row permission columns for lists, mirroring findEventAccess and
 * findSubscriptionAccess: the caller's membership row (if any) of the event's
 * application is LEFT JOINed with `membershipJoin(user)`.
 */
export function membershipJoin(user: SessionUser): SQL | undefined {
  return and(
    eq(userApplications.applicationId, events.applicationId),
    eq(userApplications.userId, user.id),
    hasReadingMembership,
  );
}

const membershipFlag = (user: SessionUser, flag: SQL) =>
  user.isAdmin ? sql<boolean>`true` : sql<boolean>`coalesce(${userApplications.isOwner} OR ${flag}, false)`;

export const eventCanWrite = (user: SessionUser) => membershipFlag(user, sql`${userApplications.canWrite}`);
export const eventCanDelete = (user: SessionUser) => membershipFlag(user, sql`${userApplications.canDelete}`);

const creatorOr = (user: SessionUser, flag: SQL) =>
  user.isAdmin
    ? sql<boolean>`true`
    : sql<boolean>`(${subscriptions.createdBy} IS NOT DISTINCT FROM ${user.id}::uuid OR coalesce(${userApplications.isOwner} OR ${flag}, false))`;

export const subscriptionCanWrite = (user: SessionUser) => creatorOr(user, sql`${userApplications.canWrite}`);
export const subscriptionCanDelete = (user: SessionUser) =>
  creatorOr(user, sql`${userApplications.canDelete}`);
