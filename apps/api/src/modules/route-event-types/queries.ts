import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { routeEventTypes, routes, rules } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { routeAccess, routeEventTypeAccess, rowPermissions, visibleWhere } from '../access';

type RouteEventTypeColumns = typeof routeEventTypes.$inferInsert;

/** An event type with `user`'s flags on it, its route's summary and its rules' count. */
function selectEventTypeRows(db: Database, user: SessionUser) {
  return db
    .select({
      eventType: routeEventTypes,
      ...rowPermissions(routeEventTypeAccess, user),
      route: { id: routes.id, name: routes.name, applicationId: routes.applicationId },
      ruleCount: sql<number>`(SELECT count(*)::int FROM ${rules} WHERE ${rules.routeEventTypeId} = ${routeEventTypes.id})`,
    })
    .from(routeEventTypes)
    .innerJoin(routes, eq(routes.id, routeEventTypes.routeId));
}

export type RouteEventTypeRow = Awaited<
  ReturnType<ReturnType<typeof selectEventTypeRows>['execute']>
>[number];

export async function findRouteEventTypeRow(db: Database, user: SessionUser, id: string) {
  const [row] = await selectEventTypeRows(db, user).where(eq(routeEventTypes.id, id)).limit(1);
  return row;
}

/** The event types of the routes `user` may see (of `routeId` only, when given), oldest first. */
export function listVisibleRouteEventTypes(db: Database, user: SessionUser, routeId: string | undefined) {
  return selectEventTypeRows(db, user)
    .where(and(visibleWhere(routeAccess, user), routeId ? eq(routeEventTypes.routeId, routeId) : undefined))
    .orderBy(asc(routeEventTypes.createdAt), asc(routeEventTypes.id));
}

export async function insertRouteEventType(db: Database, values: RouteEventTypeColumns) {
  await db.insert(routeEventTypes).values(values);
}

/** Sets the given columns; an undefined one stays as it is. */
export async function updateRouteEventTypeColumns(
  db: Database,
  id: string,
  columns: Partial<RouteEventTypeColumns>,
) {
  await db.update(routeEventTypes).set(columns).where(eq(routeEventTypes.id, id));
}

/** Makes `alias` the condition type of every rule on the event type. */
export async function updateRuleConditionTypes(db: Database, routeEventTypeId: string, alias: string) {
  await db
    .update(rules)
    .set({ conditions: sql`jsonb_set(${rules.conditions}, '{type}', to_jsonb(${alias}::text))` })
    .where(eq(rules.routeEventTypeId, routeEventTypeId));
}

export async function deleteRouteEventTypeRow(db: Database, id: string) {
  await db.delete(routeEventTypes).where(eq(routeEventTypes.id, id));
}
