import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { routeEventTypes, routeFields, routes } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { routeEventTypeAccess, routeFieldAccess, rowPermissions } from '../access';

/** The application's routes by name. */
export function listApplicationRoutes(db: Database, applicationId: string) {
  return db
    .select()
    .from(routes)
    .where(eq(routes.applicationId, applicationId))
    .orderBy(asc(routes.name), asc(routes.id));
}

/** Active event types and fields of `routeIds`, oldest first, with `user`'s permissions on each. */
export async function listActiveRouteChildren(db: Database, user: SessionUser, routeIds: string[]) {
  if (routeIds.length === 0) return { eventTypeRows: [], fieldRows: [] };
  const [eventTypeRows, fieldRows] = await Promise.all([
    db
      .select({ eventType: routeEventTypes, ...rowPermissions(routeEventTypeAccess, user) })
      .from(routeEventTypes)
      .where(and(inArray(routeEventTypes.routeId, routeIds), eq(routeEventTypes.isActive, true)))
      .orderBy(asc(routeEventTypes.createdAt), asc(routeEventTypes.id)),
    db
      .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
      .from(routeFields)
      .where(and(inArray(routeFields.routeId, routeIds), eq(routeFields.isActive, true)))
      .orderBy(asc(routeFields.createdAt), asc(routeFields.id)),
  ]);
  return { eventTypeRows, fieldRows };
}
