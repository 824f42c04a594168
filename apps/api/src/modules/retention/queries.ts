import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverSettings } from '../../db/schema';

/** The `server_settings` row holding the retention period chosen by an admin, in days. */
export const RETENTION_SETTING = 'retention_days';

/** The stored period, or undefined while no admin has set one. */
export async function selectRetentionDays(db: Database): Promise<number | undefined> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, RETENTION_SETTING))
    .limit(1);
  return row === undefined ? undefined : Number(row.value);
}

export async function upsertRetentionDays(db: Database, days: number) {
  await db
    .insert(serverSettings)
    .values({ name: RETENTION_SETTING, value: String(days) })
    .onConflictDoUpdate({ target: serverSettings.name, set: { value: String(days) } });
}
