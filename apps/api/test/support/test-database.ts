import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';
import { dumpPglite } from '../../src/db/open-pglite';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabases,
  migratedPostgresTemplate,
  newTestRunId,
  testDatabaseName,
} from './postgres-test-databases';

/** Which backend this run uses: the vitest project sets TEST_BACKEND. */
export const testBackend = (process.env.TEST_BACKEND ?? 'pglite') as 'pglite' | 'postgres';

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
 * A fresh database: in-memory PGlite, or a new database on the PostgreSQL server. Either starts with
 * every migration applied (as the app's start would leave it) unless `isEmpty`, for a test that applies
 * migrations itself. A PostgreSQL one is dropped when the run ends (see `postgres-global-setup.ts`), or
 * on close when the file runs without that setup.
 */
export async function openTestDatabase({ isEmpty = false } = {}): Promise<DatabaseHandle & { url?: string }> {
  if (testBackend === 'pglite')
    return openDatabase({ kind: 'pglite', ...(isEmpty ? {} : { template: await migratedPgliteTemplate() }) });
  const runId = inject('testRunId');
  const name = testDatabaseName(runId ?? newTestRunId(Date.now()));
  await createTestDatabase(name, isEmpty ? undefined : await migratedPostgresTemplate());
  const url = databaseUrl(name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      if (!runId) await dropTestDatabases([name]);
    },
  };
}
