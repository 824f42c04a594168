import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema';

/** The id of the application whose API key hashes to `apiKeyHash`. */
export async function findApplicationIdByKeyHash(db: Database, apiKeyHash: string) {
  const [owner] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.apiKeyHash, apiKeyHash))
    .limit(1);
  return owner?.id;
}
