import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { openDatabase } from '../src/db/open-database';
import { openTestDatabase } from './support/test-database';

let server: Awaited<ReturnType<typeof openTestDatabase>>;
let database: DatabaseHandle;

beforeAll(async () => {
  server = await openTestDatabase();
  database = await openDatabase({
    kind: 'postgres',
    url: String(server.url),
    poolSize: 2,
    queryTimeoutMs: 300,
  });
});

afterAll(async () => {
  await database.close();
  await server.close();
});

it('When a query is not answered within the query timeout, then it fails and the pool keeps answering', async () => {
  const startedAt = Date.now();
  await expect(database.query('SELECT pg_sleep(3)')).rejects.toThrow(/timeout/i);
  expect(Date.now() - startedAt).toBeLessThan(2_000);

  expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
});

it('When a migration script runs longer than the query timeout, then it still completes', async () => {
  const rows = await database.inScriptTransaction(async (tx) => {
    await tx.exec('SELECT pg_sleep(0.6)');
    return tx.query<{ one: number }>('SELECT 1 AS one');
  });
  expect(rows).toEqual([{ one: 1 }]);
});
