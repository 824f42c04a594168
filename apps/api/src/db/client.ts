import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { listDelayMs } from '../lib/backoff';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one query interface every module uses, whichever backend is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Runs a multi-statement script and parameterised queries inside one transaction. */
export type ScriptTransaction = {
  exec(script: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
};

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /**
   * Raw SQL for hot paths (no query builder). A `name` makes it a prepared
   * statement on PostgreSQL, parsed once per connection; the text of a name never changes.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  inScriptTransaction<T>(fn: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /** Wakes every listener of `channel` on this database, in any process (PostgreSQL NOTIFY). */
  notify(channel: string): Promise<void>;
  /**
   * Calls `onNotify` on each notification of `channel`, and once after each reconnection (one may
   * have been missed meanwhile). Answers the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Longest wait for a connection, opening a new one or queued for a free one. */
      connectTimeoutMs?: number;
      /** Longest wait for the answer to one query before it fails and its connection is dropped. */
      queryTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir?: string };

type PostgresTimeouts = { connectTimeoutMs: number; queryTimeoutMs: number };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 20, {
        connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
        queryTimeoutMs: options.queryTimeoutMs ?? 30_000,
      })
    : openPglite(options.dataDir);
}

/**
 * Without these, a server that stops answering (a network partition, a dead host that sends no
 * RST) leaves every caller waiting forever. Keep-alive probes start after 10 s of silence: the
 * operating system's default is two hours.
 */
const connectionOptions = (url: string, timeouts: PostgresTimeouts) => ({
  connectionString: url,
  connectionTimeoutMillis: timeouts.connectTimeoutMs,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
});

function openPostgres(url: string, poolSize: number, timeouts: PostgresTimeouts): DatabaseHandle {
  // Random reads cost about what sequential ones do on SSDs and cached pages. At the default (4),
  // a batch of 50 primary-key probes "cost" more than scanning a table of a few thousand rows, so
  // the generic plan of a named statement, made while the table was that small (a fresh install,
  // the first minute of a burst), kept scanning it whole, at 50 comparisons per row, as it grew.
  const pool = new pg.Pool({
    ...connectionOptions(url, timeouts),
    query_timeout: timeouts.queryTimeoutMs,
    max: poolSize,
    options: '-c random_page_cost=1.1',
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = [], name?: string) {
      const result = await pool.query({ text, values: params, ...(name ? { name } : {}) });
      return result.rows as T[];
    },
    async inScriptTransaction(fn) {
      // Migrations may rightly take minutes (an index on a large table, another process holding
      // the migration lock): a connection of their own, without the query timeout.
      const client = new pg.Client(connectionOptions(url, timeouts));
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => {
            await client.query(script);
          },
          query: async (text, params) => (await client.query(text, params)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async notify(channel) {
      await pool.query('SELECT pg_notify($1, NULL)', [channel]);
    },
    listen: (channel, onNotify) => listenPostgres(url, timeouts, channel, onNotify),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** Waits before each try to listen again (the last repeats), jittered so listeners do not return together. */
const RELISTEN_DELAYS_MS = [100, 500, 1_000, 5_000];

/** LISTEN on a connection of its own, opened again (with backoff) whenever it drops. */
async function listenPostgres(
  url: string,
  timeouts: PostgresTimeouts,
  channel: string,
  onNotify: () => void,
) {
  let client: pg.Client | null = null;
  let isStopped = false;

  const open = async () => {
    const current = new pg.Client(connectionOptions(url, timeouts));
    current.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    current.on('error', () => {});
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return current;
    } catch (error) {
      await current.end().catch(() => {});
      throw error;
    }
  };
  const watch = (current: pg.Client) => {
    client = current;
    current.once('end', () => {
      if (isStopped) return;
      client = null;
      void reopen();
    });
  };
  const reopen = async () => {
    for (let attempt = 0; !isStopped; attempt++) {
      const delay = listDelayMs(attempt + 1, RELISTEN_DELAYS_MS);
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (isStopped) return;
      try {
        const current = await open();
        if (isStopped) {
          await current.end();
          return;
        }
        watch(current);
        onNotify();
        return;
      } catch {}
    }
  };

  watch(await open());
  return async () => {
    isStopped = true;
    await client?.end().catch(() => {});
  };
}

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly memory: its default (128 MB) was most of
 * the server's footprint; an embedded database's working set is small, and the OS page cache
 * holds the data files as well.
 */
const PGLITE_SETTINGS = ['shared_buffers = 32MB'];

// initdb, run once in a throwaway process: its WebAssembly memory peaks near 650 MB, which a
// long-lived server would keep as resident memory after the data directory exists.
const INIT_DATA_DIR = `import { PGlite } from '@electric-sql/pglite';
  const db = await PGlite.create({ dataDir: process.argv[1] });
  await db.close();`;

/** Creates the PGlite data directory `dataDir` (initdb) in a child process, unless it exists. */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', INIT_DATA_DIR, dataDir], {
    cwd: import.meta.dirname,
    timeout: 120_000,
  });
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await (dataDir ? initPgliteDataDir(dataDir) : Promise.resolve())
    .then(() =>
      PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        postgresqlconf: PGLITE_SETTINGS,
        // Trigram indexes of the lists' free-text search (migration 0531).
        extensions: { pg_trgm },
      }),
    )
    .catch((error) => {
      unlock();
      throw error;
    });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    inScriptTransaction(fn) {
      return client.transaction((tx) =>
        fn({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      );
    },
    async notify(channel) {
      await client.query('SELECT pg_notify($1, NULL)', [channel]);
    },
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        await unlisten();
      };
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}
