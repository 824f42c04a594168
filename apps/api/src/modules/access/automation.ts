import {
  ROUTE_EVENT_TYPE_NOT_FOUND,
  ROUTE_FIELD_NOT_FOUND,
  ROUTE_NOT_FOUND,
  RULE_NOT_FOUND,
} from '@wm/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { routeEventTypes, routeFields, routes, rules, userApplications } from '../../db/schema';
import type { SessionUser } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { findApplicationAccess, hasReadingMembership, type Need, type Permissions } from './service';

/**
 * Automation (routes, their event types and fields, rules and executions) is internal configuration
 * of an application: its members read with canRead, write with canWrite, delete with canDelete;
 * admins do everything; everyone else gets 404, whatever the application's visibility.
 */

const FORBIDDEN = 'Você não tem permissão para esta ação nesta aplicação';

const allows = (permissions: Permissions, need: Need) =>
  need === 'owner'
    ? permissions.isOwner
    : need === 'read'
      ? permissions.canRead
      : need === 'write'
        ? permissions.canWrite
        : permissions.canDelete;

/** The caller's permissions on the application as a member (admins all); 404 with `notFoundMessage` otherwise. */
export async function requireAutomationApplication(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  need: Need,
  notFoundMessage = 'Aplicação não encontrada',
) {
  const access = await findApplicationAccess(ctx, user, applicationId);
  if (!access?.isMember) throw notFound(notFoundMessage);
  if (!allows(access.permissions, need)) throw forbidden(FORBIDDEN);
  return access;
}

export async function requireRouteAccess(ctx: AppContext, user: SessionUser, id: string, need: Need) {
  const [route] = await ctx.db.select().from(routes).where(eq(routes.id, id)).limit(1);
  if (!route) throw notFound(ROUTE_NOT_FOUND);
  const access = await requireAutomationApplication(ctx, user, route.applicationId, need, ROUTE_NOT_FOUND);
  return { route, permissions: access.permissions };
}

export async function requireRouteEventTypeAccess(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  need: Need,
) {
  const [found] = await ctx.db
    .select({ eventType: routeEventTypes, route: routes })
    .from(routeEventTypes)
    .innerJoin(routes, eq(routes.id, routeEventTypes.routeId))
    .where(eq(routeEventTypes.id, id))
    .limit(1);
  if (!found) throw notFound(ROUTE_EVENT_TYPE_NOT_FOUND);
  await requireAutomationApplication(ctx, user, found.route.applicationId, need, ROUTE_EVENT_TYPE_NOT_FOUND);
  return found;
}

export async function requireRouteFieldAccess(ctx: AppContext, user: SessionUser, id: string, need: Need) {
  const [found] = await ctx.db
    .select({ field: routeFields, route: routes })
    .from(routeFields)
    .innerJoin(routes, eq(routes.id, routeFields.routeId))
    .where(eq(routeFields.id, id))
    .limit(1);
  if (!found) throw notFound(ROUTE_FIELD_NOT_FOUND);
  await requireAutomationApplication(ctx, user, found.route.applicationId, need, ROUTE_FIELD_NOT_FOUND);
  return found;
}

export async function requireRuleAccess(ctx: AppContext, user: SessionUser, id: string, need: Need) {
  const [rule] = await ctx.db.select().from(rules).where(eq(rules.id, id)).limit(1);
  if (!rule) throw notFound(RULE_NOT_FOUND);
  const access = await requireAutomationApplication(ctx, user, rule.applicationId, need, RULE_NOT_FOUND);
  return { rule, permissions: access.permissions };
}

const memberApplications = (user: SessionUser, flag?: SQL) =>
  sql`SELECT ${userApplications.applicationId} FROM ${userApplications} WHERE ${userApplications.userId} = ${user.id} AND ${hasReadingMembership}${
    flag ? sql` AND (${userApplications.isOwner} OR ${flag})` : sql``
  }`;

/** WHERE fragment for lists: rows whose application (`applicationId`) the caller is a member of. */
export function automationWhere(user: SessionUser, applicationId: PgColumn): SQL | undefined {
  if (user.isAdmin) return undefined;
  return sql`${applicationId} IN (${memberApplications(user)})`;
}

/** Select columns: may the caller write / delete the row of application `applicationId`. */
export function automationRowPermissions(user: SessionUser, applicationId: PgColumn) {
  if (user.isAdmin) return { canWrite: sql<boolean>`true`, canDelete: sql<boolean>`true` };
  return {
    canWrite: sql<boolean>`(${applicationId} IN (${memberApplications(user, sql`${userApplications.canWrite}`)}))`,
    canDelete: sql<boolean>`(${applicationId} IN (${memberApplications(user, sql`${userApplications.canDelete}`)}))`,
  };
}
