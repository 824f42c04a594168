import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, routeEventTypes, routes } from '../../db/schema';

/** The id of the application whose API key hashes to `apiKeyHash`. */
export async function findApplicationIdByKeyHash(db: Database, apiKeyHash: string) {
  const [owner] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.apiKeyHash, apiKeyHash))
    .limit(1);
  return owner?.id;
}

/**
 * The application's active route event types of `alias` whose schema checks what is posted
 * (WARN or ENFORCE), oldest first: several routes may name the same type.
 */
export function listCheckingRouteEventTypes(db: Database, applicationId: string, alias: string) {
  return db
    .select({
      id: routeEventTypes.id,
      schema: routeEventTypes.schema,
      schemaValidation: routeEventTypes.schemaValidation,
      schemaVersion: routeEventTypes.schemaVersion,
    })
    .from(routeEventTypes)
    .innerJoin(routes, eq(routes.id, routeEventTypes.routeId))
    .where(
      and(
        eq(routes.applicationId, applicationId),
        eq(routeEventTypes.alias, alias),
        eq(routeEventTypes.isActive, true),
        ne(routeEventTypes.schemaValidation, 'OFF'),
      ),
    )
    .orderBy(asc(routeEventTypes.createdAt), asc(routeEventTypes.id));
}
