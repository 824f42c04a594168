import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, portalSessions } from '../../db/schema';

export async function insertPortalSession(db: Database, values: typeof portalSessions.$inferInsert) {
  await db.insert(portalSessions).values(values);
}

/** Which of `aliases` name events of the application. */
export async function selectApplicationAliases(db: Database, applicationId: string, aliases: string[]) {
  const rows = await db
    .select({ alias: events.alias })
    .from(events)
    .where(and(eq(events.applicationId, applicationId), inArray(events.alias, aliases)));
  return rows.map((row) => row.alias);
}

/** The unrevoked, unexpired session whose token hashes to `tokenHash`. */
export async function findLivePortalSession(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(portalSessions)
    .where(
      and(
        eq(portalSessions.tokenHash, tokenHash),
        isNull(portalSessions.revokedAt),
        gt(portalSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** The language of the session a token named, live or not (an expired link still speaks it). */
export async function selectPortalSessionLocale(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ locale: portalSessions.locale })
    .from(portalSessions)
    .where(eq(portalSessions.tokenHash, tokenHash))
    .limit(1);
  return row?.locale;
}

/** Revokes one session of the application; answers the ids revoked (none: not the application's). */
export function revokePortalSessionRow(db: Database, applicationId: string, id: string, now: Date) {
  return db
    .update(portalSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(portalSessions.id, id),
        eq(portalSessions.applicationId, applicationId),
        isNull(portalSessions.revokedAt),
      ),
    )
    .returning({ id: portalSessions.id });
}

export async function revokeConsumerPortalSessionRows(
  db: Database,
  applicationId: string,
  consumerId: string,
  now: Date,
) {
  await db
    .update(portalSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(portalSessions.applicationId, applicationId),
        eq(portalSessions.consumerId, consumerId),
        isNull(portalSessions.revokedAt),
      ),
    );
}
