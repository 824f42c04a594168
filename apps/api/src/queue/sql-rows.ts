import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Runs raw SQL; both drivers (pg and PGlite) answer with `rows`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
