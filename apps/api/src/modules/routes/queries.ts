import type { TRouteListQuery, TRouteRuleSummary } from '@wm/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, routeEventTypes, routeFields, routes, rules } from '../../db/schema';
import { matchSearch, matchValue, pageOffset } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { routeAccess, routeEventTypeAccess, routeFieldAccess, rowPermissions, visibleWhere } from '../access';

type RouteColumns = typeof routes.$inferInsert;

const countOf = (table: typeof routeEventTypes | typeof routeFields | typeof rules) =>
  sql<number>`(SELECT count(*)::int FROM ${table} WHERE ${table.routeId} = ${routes.id})`;

/** A route with its application's name, its children's counts and `user`'s flags on it. */
function selectRouteRows(db: Database, user: SessionUser) {
  return db
    .select({
      route: routes,
      applicationName: applications.name,
      eventTypeCount: countOf(routeEventTypes),
      fieldCount: countOf(routeFields),
      ruleCount: countOf(rules),
      ...rowPermissions(routeAccess, user),
    })
    .from(routes)
    .innerJoin(applications, eq(applications.id, routes.applicationId));
}

/** The list's filter: the routes `user` may see, narrowed by the query. */
export function routeListWhere(user: SessionUser, query: TRouteListQuery): SQL | undefined {
  return and(
    visibleWhere(routeAccess, user),
    matchValue(routes.applicationId, query.applicationId),
    matchSearch(query.search, routes.name, routes.endpoint, routes.description),
  );
}

/** One page of the routes matching `where`, newest first. */
export function selectRoutePage(
  db: Database,
  user: SessionUser,
  where: SQL | undefined,
  query: TRouteListQuery,
) {
  return selectRouteRows(db, user)
    .where(where)
    .orderBy(desc(routes.createdAt), desc(routes.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

export async function countRoutes(db: Database, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ n: count() }).from(routes).where(where);
  return Number(total?.n ?? 0);
}

export async function findRouteRow(db: Database, user: SessionUser, id: string) {
  const [row] = await selectRouteRows(db, user).where(eq(routes.id, id)).limit(1);
  return row;
}

/** The rules' summaries of each of `routeIds`, newest first; a route without rules is absent. */
export async function listRuleSummariesByRoute(db: Database, routeIds: string[]) {
  const byRoute = new Map<string, TRouteRuleSummary[]>();
  if (routeIds.length === 0) return byRoute;
  const rows = await db
    .select({
      id: rules.id,
      routeId: rules.routeId,
      name: rules.name,
      isActive: rules.isActive,
      routeEventTypeId: rules.routeEventTypeId,
      eventId: rules.eventId,
    })
    .from(rules)
    .where(inArray(rules.routeId, routeIds))
    .orderBy(desc(rules.createdAt), desc(rules.id));
  for (const { routeId, ...rule } of rows) {
    const list = byRoute.get(routeId) ?? [];
    list.push(rule);
    byRoute.set(routeId, list);
  }
  return byRoute;
}

/** The route's event types with `user`'s flags on each, oldest first. */
export function listEventTypesOfRoute(db: Database, user: SessionUser, routeId: string) {
  return db
    .select({ eventType: routeEventTypes, ...rowPermissions(routeEventTypeAccess, user) })
    .from(routeEventTypes)
    .where(eq(routeEventTypes.routeId, routeId))
    .orderBy(asc(routeEventTypes.createdAt), asc(routeEventTypes.id));
}

/** The route's fields with `user`'s flags on each, oldest first. */
export function listFieldsOfRoute(db: Database, user: SessionUser, routeId: string) {
  return db
    .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
    .from(routeFields)
    .where(eq(routeFields.routeId, routeId))
    .orderBy(asc(routeFields.createdAt), asc(routeFields.id));
}

export async function countRulesOfRoute(db: Database, routeId: string): Promise<number> {
  const [ruleCount] = await db.select({ n: count() }).from(rules).where(eq(rules.routeId, routeId));
  return Number(ruleCount?.n ?? 0);
}

export async function insertRoute(db: Database, values: RouteColumns) {
  await db.insert(routes).values(values);
}

/** Sets the given columns; an undefined one stays as it is. */
export async function updateRouteColumns(db: Database, id: string, columns: Partial<RouteColumns>) {
  await db.update(routes).set(columns).where(eq(routes.id, id));
}

export async function deleteRouteRow(db: Database, id: string) {
  await db.delete(routes).where(eq(routes.id, id));
}

/** A new ingest token from the database's generator (the column's default): the old URL stops at once. */
export async function renewIngestToken(db: Database, id: string, now: Date) {
  await db.update(routes).set({ ingestToken: sql`DEFAULT`, updatedAt: now }).where(eq(routes.id, id));
}
