/**
 * How long migration 0620 (log tables partitioned by day) takes on an existing PostgreSQL database
 * with BENCH_LOGS (1,000,000) delivery logs: BENCH_LOGS / 10 occurrences with 10 subscriptions each,
 * one attempt per log, spread over 30 days. Reference in the same run: the same migration on the
 * same schema with no rows (what an empty database pays), and a plain COUNT(*) of the logs (one
 * scan). `node --import tsx bench/retention-migration.ts`.
 */

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createBenchDatabase, dropBenchDatabase, fmt, POSTGRES_URL } from './support';

const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const MIGRATIONS = join(import.meta.dirname, '../apps/api/src/db/migrations');
const files = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith('.sql'))
  .sort();
const partitioning = readFileSync(join(MIGRATIONS, '0620_log_partitions.sql'), 'utf8');

async function databaseBefore0620(name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await createBenchDatabase(POSTGRES_URL, name) });
  await client.connect();
  for (const file of files) {
    if (!file.startsWith('0620')) await client.query(readFileSync(join(MIGRATIONS, file), 'utf8'));
  }
  return client;
}

// A UUIDv7 of time `ms` with bits from `seed`, in SQL.
const v7 = (ms: string, seed: string) =>
  `(lpad(to_hex(${ms}), 12, '0') || '7' || substr(md5(${seed}), 1, 3) || '8' || substr(md5(${seed}), 4, 15))::uuid`;

async function fill(client: pg.Client) {
  const start = Date.now() - 30 * 86_400_000;
  await client.query(`INSERT INTO applications (id, name, api_key_hash, api_key_encrypted, api_key_prefix)
    VALUES ('00000000-0000-7000-8000-000000000001', 'Bench', 'h', 'e', 'p')`);
  await client.query(`INSERT INTO events (id, application_id, name, alias)
    VALUES ('00000000-0000-7000-8000-000000000002', '00000000-0000-7000-8000-000000000001', 'Bench', 'bench')`);
  await client.query(`INSERT INTO subscriptions (id, event_id, name, target_url, secret)
    SELECT ('00000000-0000-7000-8000-0000000001' || lpad(s::text, 2, '0'))::uuid, '00000000-0000-7000-8000-000000000002',
      'S' || s, 'http://127.0.0.1/x', 'secret' FROM generate_series(0, 9) s`);
  const occurrences = LOGS / 10;
  const step = Math.floor((30 * 86_400_000) / occurrences);
  await client.query(`INSERT INTO occurrences (id, event_id, application_id, event_type, data, created_at)
    SELECT ${v7(`${start}::bigint + i::bigint * ${step}`, `'o' || i`)}, '00000000-0000-7000-8000-000000000002',
      '00000000-0000-7000-8000-000000000001', 'bench', '{"order": 1, "note": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}',
      to_timestamp((${start}::bigint + i::bigint * ${step}) / 1000.0)
    FROM generate_series(0, ${occurrences - 1}) i`);
  await client.query(`INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, attempt_count,
      http_status_code, processed_at, created_at, updated_at)
    SELECT ${v7(`${start}::bigint + i::bigint * ${step}`, `'d' || i || '-' || s`)}, ${v7(`${start}::bigint + i::bigint * ${step}`, `'o' || i`)},
      ('00000000-0000-7000-8000-0000000001' || lpad(s::text, 2, '0'))::uuid, '00000000-0000-7000-8000-000000000002',
      'SUCCESS', 1, 200, to_timestamp((${start}::bigint + i::bigint * ${step}) / 1000.0), to_timestamp((${start}::bigint + i::bigint * ${step}) / 1000.0),
      to_timestamp((${start}::bigint + i::bigint * ${step}) / 1000.0)
    FROM generate_series(0, ${occurrences - 1}) i, generate_series(0, 9) s`);
  await client.query(`INSERT INTO delivery_attempts (id, delivery_log_id, attempt_number, started_at, duration_ms, http_status_code)
    SELECT ${v7(`(('x' || substr(replace(id::text, '-', ''), 1, 12))::bit(48)::bigint) + 5`, `'a' || id::text`)}, id, 1, created_at, 12, 200
    FROM delivery_logs`);
  await client.query('VACUUM ANALYZE');
}

async function timeMigration(client: pg.Client): Promise<number> {
  const started = performance.now();
  await client.query('BEGIN');
  await client.query(partitioning);
  await client.query('COMMIT');
  return performance.now() - started;
}

const suffix = randomBytes(3).toString('hex');
const empty = await databaseBefore0620(`wm_bench_mig_empty_${suffix}`);
const emptyMs = await timeMigration(empty);
await empty.end();
await dropBenchDatabase(POSTGRES_URL, `wm_bench_mig_empty_${suffix}`);

const name = `wm_bench_mig_full_${suffix}`;
const full = await databaseBefore0620(name);
const filling = performance.now();
await fill(full);
console.log(
  `filled ${fmt(LOGS, 0)} delivery logs, attempts and ${fmt(LOGS / 10, 0)} occurrences in ${fmt((performance.now() - filling) / 1000)} s`,
);
const scanStarted = performance.now();
await full.query('SELECT count(*) FROM delivery_logs');
const scanMs = performance.now() - scanStarted;
const fullMs = await timeMigration(full);
const { rows } = await full.query<{ n: string }>('SELECT count(*) AS n FROM delivery_logs');
await full.end();
await dropBenchDatabase(POSTGRES_URL, name);

console.log(
  `migration 0620 on ${fmt(LOGS, 0)} delivery logs: ${fmt(fullMs / 1000, 2)} s (rows after: ${fmt(Number(rows[0]?.n), 0)})`,
);
console.log(
  `reference: same migration on an empty database ${fmt(emptyMs, 0)} ms; one count(*) scan of the logs ${fmt(scanMs, 0)} ms`,
);
