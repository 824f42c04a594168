import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Serialises migrations when several processes start against one server. */
const MIGRATION_LOCK_ID = 7_274_001;

/** Applies every `migrations/NNNN_*.sql` not yet recorded, in name order, in one transaction. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return handle.inScriptTransaction(async (tx) => {
    if (handle.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      await tx.exec(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
    return pending;
  });
}
