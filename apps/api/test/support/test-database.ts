import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';
import { dumpPglite } from '../../src/db/open-pglite';

/** Which backend this run uses: the vitest project sets TEST_BACKEND. */
export const testBackend = (process.env.TEST_BACKEND ?? 'pglite') as 'pglite' | 'postgres';
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const MIGRATIONS_DIR = join(import.meta.dirname, '../../src/db/migrations');

/**
 * Every migration applied to an in-memory PGlite, dumped once per set of migrations into the temp
 * directory and shared by the run's test files: starting from it skips initdb and the migrations
 * (about 0.4 s instead of 1.5 s per database, for the few hundred the PGlite projects open).
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  const file = join(tmpdir(), `wm-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await migrateDatabase(handle);
      const dump = await dumpPglite(handle);
      // Written aside then renamed: files of the run starting together never read half of it.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A fresh database: in-memory PGlite, or a new database on the PostgreSQL server dropped on close.
 * A PGlite one starts with every migration applied (as the app's start would leave it) unless
 * `isEmpty`, for a test that applies migrations itself; a PostgreSQL one is always empty.
 */
export async function openTestDatabase({ isEmpty = false } = {}): Promise<DatabaseHandle & { url?: string }> {
  if (testBackend === 'pglite')
    return openDatabase({ kind: 'pglite', ...(isEmpty ? {} : { template: await migratedPgliteTemplate() }) });
  const name = `wm_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
