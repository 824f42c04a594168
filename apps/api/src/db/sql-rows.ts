import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Raw SQL rows on either backend (node-postgres and PGlite both answer `{rows}`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The row an `INSERT … RETURNING` of one row answers; none would be a driver fault, not a user's. */
export function insertedRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('INSERT … RETURNING answered no row');
  return row;
}
