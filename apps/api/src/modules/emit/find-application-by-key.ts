import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

/** The application owning an API key (stored as its sha256), or null. */
export async function findApplicationByApiKey(ctx: AppContext, key: string) {
  const [application] = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.apiKeyHash, sha256(key)))
    .limit(1);
  return application ?? null;
}
