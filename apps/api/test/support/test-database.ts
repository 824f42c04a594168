import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

/** Which backend this run uses: the vitest project sets TEST_BACKEND. */
export const testBackend = (process.env.TEST_BACKEND ?? 'pglite') as 'pglite' | 'postgres';
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, empty database: in-memory PGlite, or a new database on the PostgreSQL server dropped on close. */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testBackend === 'pglite') return openDatabase({ kind: 'pglite' });
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
