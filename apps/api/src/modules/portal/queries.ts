import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, events } from '../../db/schema';
import type { ConsumerScope } from '../../domain/consumer-scope';
import { eventAccess, visibleWhere } from '../access';

/** The events a consumer's scope may subscribe to, by name. */
export function selectScopeEvents(db: Database, scope: ConsumerScope) {
  return db
    .select({ id: events.id, name: events.name, alias: events.alias })
    .from(events)
    .where(visibleWhere(eventAccess, scope))
    .orderBy(asc(events.name), asc(events.alias));
}

/** The application's portal settings, or undefined when there is no such application. */
export async function selectPortalSettings(db: Database, applicationId: string) {
  const [row] = await db
    .select({ settings: applications.portalSettings })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row?.settings;
}
