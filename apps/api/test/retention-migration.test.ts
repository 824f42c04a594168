import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { purgeExpiredLogs } from '../src/db/log-retention';
import { migrateDatabase } from '../src/db/migrate';
import { RETENTION_POLICY } from '../src/delivery/retention-policy';
import { idFloor, newIdAt } from '../src/lib/ids';
import { openTestDatabase } from './support/test-database';

const MIGRATIONS = join(import.meta.dirname, '../src/db/migrations');
const DAY_MS = 86_400_000;
const day0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS + 9 * 3_600_000;

let database: DatabaseHandle;
const ids = {
  application: newIdAt(new Date(day0)),
  event: newIdAt(new Date(day0)),
  subscription: newIdAt(new Date(day0)),
  occurrence: newIdAt(new Date(day0)),
  retried: newIdAt(new Date(day0)),
  delivered: newIdAt(new Date(day0)),
  retrying: newIdAt(new Date(day0)),
  attempt: newIdAt(new Date(day0 + 1000)),
  eventLog: newIdAt(new Date(day0)),
};

// A database as the version before partitions left it: every migration but 0620, and rows in it.
beforeAll(async () => {
  database = await openTestDatabase({ isEmpty: true });
  await database.inScriptTransaction(async (tx) => {
    await tx.exec(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const name of readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.sql'))
      .sort()) {
      if (name.startsWith('0620')) continue;
      await tx.exec(readFileSync(join(MIGRATIONS, name), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
  });
  const at = new Date(day0).toISOString();
  await database.query(
    `INSERT INTO applications (id, name, api_key_hash, api_key_encrypted, api_key_prefix) VALUES ($1, 'App', 'h', 'e', 'p')`,
    [ids.application],
  );
  await database.query(
    `INSERT INTO events (id, application_id, name, alias) VALUES ($1, $2, 'Pedido', 'pedido')`,
    [ids.event, ids.application],
  );
  await database.query(
    `INSERT INTO subscriptions (id, event_id, name, target_url, secret) VALUES ($1, $2, 'S', 'http://x', 's')`,
    [ids.subscription, ids.event],
  );
  await database.query(
    `INSERT INTO occurrences (id, event_id, application_id, event_type, data, idempotency_key, created_at)
     VALUES ($1, $2, $3, 'pedido', '{"n":1}', 'chave-1', $4), ($5, $2, $3, 'pedido', '{"n":2}', NULL, $4)`,
    [ids.occurrence, ids.event, ids.application, at, ids.retried],
  );
  await database.query(
    `INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, created_at, next_attempt_at)
     VALUES ($1, $3, $4, $5, 'SUCCESS', $6, NULL), ($2, $7, $4, $5, 'RETRYING', $6, $6)`,
    [ids.delivered, ids.retrying, ids.occurrence, ids.subscription, ids.event, at, ids.retried],
  );
  await database.query(
    `INSERT INTO delivery_attempts (id, delivery_log_id, attempt_number, started_at, duration_ms) VALUES ($1, $2, 1, $3, 5)`,
    [ids.attempt, ids.retrying, at],
  );
  await database.query(
    `INSERT INTO event_logs (id, event_id, event_type, organization_id, queue_type, status, application_id, created_at)
     VALUES ($1, $2, 'pedido', 'org', 'RABBITMQ', 'SUCCESS', $3, $4)`,
    [ids.eventLog, ids.occurrence, ids.application, at],
  );
});

afterAll(async () => {
  await database?.close();
});

const partitionOf = async (table: string, id: string) =>
  (
    await database.query<{ name: string }>(
      `SELECT tableoid::regclass::text AS name FROM ${table} WHERE id = $1`,
      [id],
    )
  ).map((row) => row.name);

describe('migration to day partitions', () => {
  it('When an existing database migrates, then every row is still read once, from the attached legacy table, and the purge later drops it keeping the unfinished delivery', async () => {
    expect(await migrateDatabase(database)).toEqual(['0620_log_partitions.sql']);

    expect(await partitionOf('occurrences', ids.occurrence)).toEqual(['occurrences_legacy']);
    expect(await partitionOf('delivery_logs', ids.delivered)).toEqual(['delivery_logs_legacy']);
    expect(await partitionOf('delivery_logs', ids.retrying)).toEqual(['delivery_logs_legacy']);
    expect(await partitionOf('delivery_attempts', ids.attempt)).toEqual(['delivery_attempts_legacy']);
    expect(await partitionOf('event_logs', ids.eventLog)).toEqual(['event_logs_legacy']);
    const [counts] = await database.query<{ n: number }>(
      `SELECT sum(n)::int AS n FROM delivery_log_counts WHERE subscription_id = $1`,
      [ids.subscription],
    );
    expect(counts?.n).toBe(2);
    // The idempotency key still answers, from its own table.
    const keys = await database.query<{ occurrence_id: string }>('SELECT occurrence_id FROM occurrence_keys');
    expect(keys).toEqual([{ occurrence_id: ids.occurrence }]);

    // Ten days later, with a 3-day period: the legacy partitions go, the RETRYING log and what it
    // needs are kept.
    const now = new Date(day0 + 10 * DAY_MS);
    const report = await purgeExpiredLogs(database, now, 3, DAY_MS, RETENTION_POLICY);
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        'occurrences_legacy',
        'delivery_logs_legacy',
        'delivery_attempts_legacy',
        'event_logs_legacy',
      ]),
    );
    expect(await partitionOf('delivery_logs', ids.retrying)).toEqual(['delivery_logs_kept']);
    expect(await partitionOf('delivery_logs', ids.delivered)).toEqual([]);
    expect(await partitionOf('delivery_attempts', ids.attempt)).toEqual(['delivery_attempts_kept']);
    expect(await partitionOf('occurrences', ids.retried)).toEqual(['occurrences_kept']);
    expect(await partitionOf('occurrences', ids.occurrence)).toEqual([]);
    expect(await partitionOf('event_logs', ids.eventLog)).toEqual([]);
    const [after] = await database.query<{ n: number }>(
      `SELECT sum(n)::int AS n FROM delivery_log_counts WHERE subscription_id = $1 AND status = 'RETRYING'`,
      [ids.subscription],
    );
    expect(after?.n).toBe(1);
    const [total] = await database.query<{ n: number }>(
      `SELECT sum(n)::int AS n FROM delivery_log_counts WHERE subscription_id = $1`,
      [ids.subscription],
    );
    expect(total?.n).toBe(1);
    // New rows go to today's partition, made by the purge.
    const fresh = newIdAt(now);
    expect(fresh >= idFloor(Math.floor(now.getTime() / DAY_MS) * DAY_MS)).toBe(true);
    expect(await database.query('SELECT 1 FROM occurrence_keys')).toEqual([]);
  });
});
