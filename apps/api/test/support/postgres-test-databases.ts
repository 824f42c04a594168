import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';

declare module 'vitest' {
  interface ProvidedContext {
    /** Names the PostgreSQL databases of this run, all dropped when it ends. */
    testRunId: string;
  }
}

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const MIGRATIONS_DIR = join(import.meta.dirname, '../../src/db/migrations');
/** Serialises building the template among the run's workers (and concurrent runs). */
const TEMPLATE_LOCK_ID = 7_274_002;
/** Test databases a killed run left behind are dropped by a later run after this long. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const DROP_CONCURRENCY = 4;

/** The name of a database on the test server, e.g. `wm_test_<run>_<random>`; safe to splice into SQL. */
export const testDatabaseName = (runId: string) => `wm_test_${runId}_${randomBytes(4).toString('hex')}`;

/** A run's id: its start time, so a later run can tell a database left behind by a dead run. */
export const newTestRunId = (now: number) => `${now}_${randomBytes(3).toString('hex')}`;

export function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * A database on the test server with every migration applied, built once per set of migrations and
 * kept: copying it (`CREATE DATABASE … TEMPLATE`, about 0.2 s) replaces migrating each test's
 * database (about 1.7 s), for the few hundred databases the PostgreSQL projects open.
 */
export function migratedPostgresTemplate(): Promise<string> {
  template ??= withAdmin(async (admin) => {
    const name = `wm_tpl_${migrationsHash()}`;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        // Built aside and renamed when complete: a run killed halfway leaves no half-migrated template.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(building), poolSize: 1 });
        try {
          await migrateDatabase(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
    return name;
  });
  return template;
}

/** Creates a database, empty or copied from `templateName`. */
export async function createTestDatabase(name: string, templateName?: string): Promise<void> {
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE ${name}${templateName ? ` TEMPLATE ${templateName}` : ''}`),
  );
}

/** The databases of the run, and those of runs dead for hours. */
export function listRunDatabases(runId: string, now: number): Promise<string[]> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'wm\\_test\\_%'",
    );
    const isStale = (name: string) => Number(name.split('_')[2]) < now - STALE_AFTER_MS;
    return rows
      .map((row) => row.datname)
      .filter((name) => name.startsWith(`wm_test_${runId}_`) || isStale(name));
  });
}

/**
 * Drops databases, a few side by side. Each DROP DATABASE forces a checkpoint on PostgreSQL 15: done
 * together at the end of the run they share a few checkpoints, instead of each test file waiting for
 * its own while the others write.
 */
export async function dropTestDatabases(names: string[]): Promise<void> {
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(DROP_CONCURRENCY, queue.length) }, () =>
      withAdmin(async (dropper) => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      }),
    ),
  );
}
