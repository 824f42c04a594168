import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { routeFields, routes } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { routeAccess, routeFieldAccess, rowPermissions, visibleWhere } from '../access';

type RouteFieldColumns = typeof routeFields.$inferInsert;

export async function findRouteFieldRow(db: Database, user: SessionUser, id: string) {
  const [row] = await db
    .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
    .from(routeFields)
    .where(eq(routeFields.id, id))
    .limit(1);
  return row;
}

/** The fields of the routes `user` may see (of `routeId` only, when given), oldest first. */
export function listVisibleRouteFields(db: Database, user: SessionUser, routeId: string | undefined) {
  return db
    .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
    .from(routeFields)
    .innerJoin(routes, eq(routes.id, routeFields.routeId))
    .where(and(visibleWhere(routeAccess, user), routeId ? eq(routeFields.routeId, routeId) : undefined))
    .orderBy(asc(routeFields.createdAt), asc(routeFields.id));
}

export async function insertRouteField(db: Database, values: RouteFieldColumns) {
  await db.insert(routeFields).values(values);
}

/** Sets the given columns; an undefined one stays as it is. */
export async function updateRouteFieldColumns(db: Database, id: string, columns: Partial<RouteFieldColumns>) {
  await db.update(routeFields).set(columns).where(eq(routeFields.id, id));
}

export async function deleteRouteFieldRow(db: Database, id: string) {
  await db.delete(routeFields).where(eq(routeFields.id, id));
}
