import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { DAY_MS, ensureLogPartitions } from '../src/db/log-retention';
import { openDatabase } from '../src/db/open-database';
import { newId } from '../src/lib/ids';
import { openTestDatabase } from './support/test-database';
import { waitFor } from './support/wait-for';

let server: Awaited<ReturnType<typeof openTestDatabase>>;
// One connection: what a statement leaves on it is what the next one finds.
let database: DatabaseHandle;

beforeAll(async () => {
  server = await openTestDatabase();
  database = await openDatabase({ kind: 'postgres', url: String(server.url), poolSize: 1 });
});

afterAll(async () => {
  await database.close();
  await server.close();
});

const planMode = async (name?: string, plan?: 'generic') =>
  (
    await database.query<{ mode: string }>(
      "SELECT current_setting('plan_cache_mode') AS mode",
      [],
      name,
      plan,
    )
  )[0]?.mode;

it('When a named statement asks for its generic plan, then it runs on one and the connection is set back', async () => {
  expect(await planMode('wm_test_plan_mode', 'generic')).toBe('force_generic_plan');
  expect(await planMode()).toBe('auto');
  expect(await planMode('wm_test_plan_mode')).toBe('auto');
});

it('When such a statement fails, then the error reaches the caller and the connection is set back', async () => {
  await expect(database.query('SELECT 1 / 0', [], 'wm_test_plan_failure', 'generic')).rejects.toThrow(
    /division by zero/,
  );
  expect(await planMode()).toBe('auto');
});

it('When the logs keep 33 day partitions, then a probe of them is planned once, not at every run', async () => {
  await ensureLogPartitions(database, new Date(Date.now() - 32 * DAY_MS), 32);
  // Logs read by id, as a batch reads them: each custom plan keeps only today's partition.
  const statement = 'SELECT count(*)::int AS n FROM delivery_logs WHERE id = ANY($1::uuid[])';
  const ids = [newId(), newId()];
  for (let run = 0; run < 8; run += 1) {
    await database.query(statement, [ids], 'wm_test_probe_generic', 'generic');
    await database.query(statement, [ids], 'wm_test_probe_custom');
  }
  const plans = await database.query<{ name: string; generic_plans: number; custom_plans: number }>(
    `SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements
     WHERE name LIKE 'wm_test_probe_%' ORDER BY name`,
  );
  expect(plans).toEqual([
    // Left to itself, PostgreSQL plans such a statement again at every run: the generic plan, which
    // cannot leave a partition out, looks dearer than each custom one.
    { name: 'wm_test_probe_custom', generic_plans: 0, custom_plans: 8 },
    { name: 'wm_test_probe_generic', generic_plans: 8, custom_plans: 0 },
  ]);
});

it('When the connection breaks during such a statement, then it fails and the next statement runs on a new one', async () => {
  const running = database.query('SELECT pg_sleep(5) AS slept', [], 'wm_test_plan_break', 'generic');
  const outcome = running.then(
    () => 'answered',
    (error: Error) => error.message,
  );
  await waitFor(
    async () =>
      (
        await server.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
           WHERE query LIKE '%pg_sleep(5) AS slept%' AND pid <> pg_backend_pid()`,
        )
      )[0]?.n === 1,
    5_000,
    'the sleeping statement to be cut',
  );
  expect(await outcome).toMatch(/terminat|Connection/i);
  expect(await planMode()).toBe('auto');
});
