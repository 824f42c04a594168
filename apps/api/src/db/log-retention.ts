import { idFloor } from '../lib/ids';
import type { DatabaseHandle, ScriptTransaction } from './client';

// Retention of the log tables, partitioned by day on their UUIDv7 ids (migration 0620): expired
// days are detached and dropped whole (the space goes back to the system at once, no vacuum), the
// few unfinished rows of such a day first moved to the table's DEFAULT partition ("_kept"), which is
// cleaned row by row as they end. Times come from the caller's clock, never the database's.

export const DAY_MS = 86_400_000;

/** Already exists, unique catalogue row taken by a concurrent create, lock not granted in time. */
const RACED = new Set(['42P07', '23505', '55P03', '23514']);

/**
 * The partitioned log tables and their storage options. Delivery logs' pages are filled whole
 * (migration 0880): the settle changes the status, so it is never a HOT update, and space kept free
 * on each page was mostly taken by settled copies; with full pages the settled copies go to the
 * newest page and the pruned old copies leave the room most claims still update into (HOT).
 */
const LOG_TABLES = [
  { name: 'delivery_logs', options: '' },
  { name: 'delivery_attempts', options: '' },
  { name: 'event_logs', options: '' },
  { name: 'occurrences', options: '' },
] as const;

export type LogTableName = (typeof LOG_TABLES)[number]['name'];

/**
 * What must outlive its day in each log table: a SQL condition on its rows (read through the
 * parents). The policy belongs to the delivery rules; this file only moves and drops rows by it.
 */
export type RetentionPolicy = Record<LogTableName, string>;

type LogTable = { name: LogTableName; kept: string };

/** An attached partition: its id range ('' for MINVALUE), or the DEFAULT one. */
type Partition = { name: string; from: string; to: string } | { name: string; isDefault: true };

const PARTITIONS_SQL = `
  SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = $1::regclass`;

// A table of ours named like a day's or the legacy partition but attached to nothing: a purge that
// stopped between detaching it and dropping it.
const DETACHED_SQL = `
  SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = current_schema() AND c.relkind = 'r' AND NOT c.relispartition
    AND c.relname ~ $1`;

async function listPartitions(database: DatabaseHandle, table: string): Promise<Partition[]> {
  const rows = await database.query<{ name: string; bound: string }>(PARTITIONS_SQL, [table]);
  return rows.map(({ name, bound }) => {
    if (bound === 'DEFAULT') return { name, isDefault: true as const };
    const [, from = '', to = ''] = /FROM \((?:'([^']*)'|MINVALUE)\) TO \('([^']*)'\)/.exec(bound) ?? [];
    return { name, from, to };
  });
}

const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const dayName = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const isRange = (partition: Partition): partition is { name: string; from: string; to: string } =>
  !('isDefault' in partition);

/**
 * Creates the day partitions of today and the next `daysAhead` days (each partition costs every
 * statement that cannot prune a little planning) that do not exist yet. A day
 * whose rows already went to the DEFAULT partition (its partition was missing then) keeps them there.
 */
export async function ensureLogPartitions(database: DatabaseHandle, now: Date, daysAhead = 1): Promise<void> {
  const today = dayStart(now.getTime());
  for (const table of LOG_TABLES) {
    const partitions = await listPartitions(database, table.name);
    for (let day = today; day <= today + daysAhead * DAY_MS; day += DAY_MS) {
      const from = idFloor(day);
      const to = idFloor(day + DAY_MS);
      if (partitions.some((p) => isRange(p) && p.from < to && p.to > from)) continue;
      const [taken] = await database.query(
        `SELECT 1 FROM ${table.name}_kept WHERE id >= $1::uuid AND id < $2::uuid LIMIT 1`,
        [from, to],
      );
      if (taken) continue;
      try {
        await database.inScriptTransaction(async (tx) => {
          await setLockTimeout(database, tx);
          await tx.exec(
            `CREATE TABLE IF NOT EXISTS ${table.name}_p${dayName(day)} PARTITION OF ${table.name}
             FOR VALUES FROM ('${from}') TO ('${to}')${table.options}`,
          );
        });
      } catch (error) {
        // Another process made it meanwhile, or the parent was busy: rows go to "_kept" until a
        // later run makes the partition (days are made one ahead, checked every hour).
        if (!RACED.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }
}

/** Catalogue changes take the parent's lock: wait for it briefly, never queue the emits behind it. */
async function setLockTimeout(database: DatabaseHandle, tx: ScriptTransaction) {
  if (database.kind === 'postgres') await tx.exec(`SET LOCAL lock_timeout = '100ms'`);
}

export type PurgeReport = {
  /** Partitions dropped whole, by name. */
  dropped: string[];
  /** Rows of expired partitions kept (moved to "_kept") because they are not finished. */
  kept: number;
  /** Rows deleted one by one: kept rows that ended, idempotency keys, rule runs, requests, figures. */
  deleted: number;
  /** Partitions whose lock could not be taken in time: tried again on the next run. */
  busy: string[];
};

/**
 * Removes what is older than `retentionDays` whole days before the start of `now`'s day, except
 * what is unfinished, and creates the coming days' partitions.
 */
export async function purgeExpiredLogs(
  database: DatabaseHandle,
  now: Date,
  retentionDays: number,
  idempotencyWindowMs: number,
  policy: RetentionPolicy,
): Promise<PurgeReport> {
  const tables: LogTable[] = LOG_TABLES.map(({ name }) => ({ name, kept: policy[name] }));
  const report: PurgeReport = { dropped: [], kept: 0, deleted: 0, busy: [] };
  const cutoffMs = dayStart(now.getTime()) - retentionDays * DAY_MS;
  const cutoffId = idFloor(cutoffMs);
  await ensureLogPartitions(database, now);
  for (const table of tables) await finishDetached(database, table, report);
  for (const table of tables) {
    const expired = (await listPartitions(database, table.name)).filter(
      (p) => isRange(p) && p.to <= cutoffId,
    );
    for (const partition of expired) {
      if (!isRange(partition)) continue;
      const isDetached = await detachKeepingUnfinished(database, table, partition, report);
      if (!isDetached) {
        report.busy.push(partition.name);
        continue;
      }
      if (await dropDetached(database, table, partition.name)) report.dropped.push(partition.name);
      else report.busy.push(partition.name);
    }
  }
  report.deleted += await deleteEndedKeptRows(database, tables, cutoffId);
  report.deleted += await deleteExpiredRows(
    database,
    cutoffMs,
    new Date(now.getTime() - idempotencyWindowMs),
  );
  return report;
}

/**
 * Detaches an expired partition and puts its unfinished rows back through the parent (where no day
 * partition covers them any more: into "_kept"), in one short transaction under the parent's lock.
 * False when the lock was not granted within the timeout.
 */
async function detachKeepingUnfinished(
  database: DatabaseHandle,
  table: LogTable,
  partition: { name: string; from: string; to: string },
  report: PurgeReport,
): Promise<boolean> {
  try {
    const kept = await database.inScriptTransaction(async (tx) => {
      await setLockTimeout(database, tx);
      await tx.exec(`ALTER TABLE ${table.name} DETACH PARTITION ${partition.name}`);
      // Put back through the parent, a kept log is counted again by the trigger: uncount it here.
      if (table.name === 'delivery_logs') await tx.exec(uncountSql(partition.name, table.kept));
      const moved = await tx.query<{ n: number }>(
        `WITH moved AS (DELETE FROM ${partition.name} WHERE ${table.kept} RETURNING *),
           put AS (INSERT INTO ${table.name} SELECT * FROM moved RETURNING 1)
         SELECT count(*)::int AS n FROM put`,
      );
      if (table.name === 'event_logs') {
        // What ON DELETE SET NULL says for the requests of the logs that go (the key may exist).
        await tx.query(
          `UPDATE inbound_requests SET event_log_id = NULL
           WHERE event_log_id >= $1::uuid AND event_log_id < $2::uuid
             AND NOT EXISTS (SELECT 1 FROM event_logs l WHERE l.id = inbound_requests.event_log_id)`,
          [partition.from || idFloor(0), partition.to],
        );
      }
      return moved[0]?.n ?? 0;
    });
    report.kept += kept;
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  }
}

/**
 * Drops a detached partition, whose rows are all final and reachable by no one. The delivery logs'
 * counts per status lose its rows in the same transaction, so they count each row exactly once even
 * if the process stops in between (the next run finds the detached table and ends here).
 */
async function dropDetached(database: DatabaseHandle, table: LogTable, name: string): Promise<boolean> {
  try {
    await database.inScriptTransaction(async (tx) => {
      // The table's lock first, under the timeout: never wait for it while holding counter rows an
      // emit's trigger may be waiting for (that wait would be a deadlock).
      await setLockTimeout(database, tx);
      await tx.exec(`LOCK TABLE ${name} IN ACCESS EXCLUSIVE MODE`);
      if (table.name === 'delivery_logs') await tx.exec(uncountSql(name, 'true'));
      await tx.exec(`DROP TABLE ${name}`);
    });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  }
}

/** Takes the rows of `from` matching `where` off the per-status counts (their subscription may be gone). */
const uncountSql = (from: string, where: string) => `
  INSERT INTO delivery_log_counts (subscription_id, status, shard, n)
  SELECT subscription_id, status, 0, -count(*) FROM ${from}
  WHERE (${where}) AND subscription_id IN (SELECT id FROM subscriptions)
  GROUP BY subscription_id, status ORDER BY subscription_id, status
  ON CONFLICT (subscription_id, status, shard) DO UPDATE SET n = delivery_log_counts.n + excluded.n`;

async function finishDetached(database: DatabaseHandle, table: LogTable, report: PurgeReport) {
  const pattern = `^${table.name}_(p[0-9]{8}|legacy)$`;
  for (const { name } of await database.query<{ name: string }>(DETACHED_SQL, [pattern])) {
    if (await dropDetached(database, table, name)) report.dropped.push(name);
    else report.busy.push(name);
  }
}

/** Rows kept past their day that have ended since, and are expired: few, deleted by id range. */
async function deleteEndedKeptRows(
  database: DatabaseHandle,
  tables: LogTable[],
  cutoffId: string,
): Promise<number> {
  let deleted = 0;
  for (const table of tables) {
    const rows = await database.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table.name} WHERE id < $1::uuid AND NOT (${table.kept}) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoffId],
    );
    deleted += rows[0]?.n ?? 0;
  }
  return deleted;
}

const BATCH = 5000;

/**
 * The unpartitioned companions, each batch its own short statement: idempotency keys past their
 * window, rule executions and inbound requests past the period (by their UUIDv7 ids: the primary
 * key is the time index), the per-minute figures of the charts.
 */
const EXPIRING = [
  {
    name: 'occurrence_keys',
    sql: `DELETE FROM occurrence_keys WHERE (application_id, idempotency_key) IN (
      SELECT application_id, idempotency_key FROM occurrence_keys WHERE created_at <= $1::timestamptz LIMIT $2)`,
    bound: 'keys',
  },
  {
    name: 'rule_executions',
    sql: `DELETE FROM rule_executions WHERE id IN (SELECT id FROM rule_executions WHERE id < $1::uuid LIMIT $2)`,
    bound: 'id',
  },
  {
    name: 'inbound_requests',
    sql: `DELETE FROM inbound_requests WHERE id IN (SELECT id FROM inbound_requests WHERE id < $1::uuid LIMIT $2)`,
    bound: 'id',
  },
  {
    name: 'delivery_stats_minutes',
    sql: `DELETE FROM delivery_stats_minutes WHERE (subscription_id, minute) IN (
      SELECT subscription_id, minute FROM delivery_stats_minutes WHERE minute < $1::timestamptz LIMIT $2)`,
    bound: 'time',
  },
  {
    // No index on the minute alone (one more write per figure): a day's rows go in one statement.
    name: 'delivery_duration_minutes',
    sql: `DELETE FROM delivery_duration_minutes WHERE minute < $1::timestamptz AND $2::int > 0`,
    bound: 'time',
  },
] as const;

async function deleteExpiredRows(
  database: DatabaseHandle,
  cutoffMs: number,
  keysBefore: Date,
): Promise<number> {
  const bounds = {
    keys: keysBefore.toISOString(),
    id: idFloor(cutoffMs),
    time: new Date(cutoffMs).toISOString(),
  };
  let deleted = 0;
  for (const { name, sql, bound } of EXPIRING) {
    for (;;) {
      const text = `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`;
      const rows = await database.query<{ n: number }>(text, [bounds[bound], BATCH], `purge_${name}`);
      const n = rows[0]?.n ?? 0;
      deleted += n;
      if (n < BATCH || name === 'delivery_duration_minutes') break;
    }
  }
  return deleted;
}
