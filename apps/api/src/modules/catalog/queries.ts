import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { eventAccess, visibleWhere } from '../access';

/** The application's events `user` may read (PUBLIC ones for anyone signed in, PRIVATE for members), by alias. */
export function listCatalogEvents(db: Database, user: SessionUser, applicationId: string) {
  return db
    .select({
      id: events.id,
      name: events.name,
      alias: events.alias,
      visibility: events.visibility,
      schema: events.schema,
      examples: events.examples,
      schemaVersion: events.schemaVersion,
      schemaValidation: events.schemaValidation,
      bodyTemplate: events.bodyTemplate,
    })
    .from(events)
    .where(and(eq(events.applicationId, applicationId), visibleWhere(eventAccess, user)))
    .orderBy(asc(events.alias));
}
