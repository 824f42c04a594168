import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DatabaseHandle } from './client';
import { listenPostgres } from './listen-postgres';
import { connectionOptions, type PostgresTimeouts } from './postgres-connection';
import * as schema from './schema';

export function openPostgres(url: string, poolSize: number, timeouts: PostgresTimeouts): DatabaseHandle {
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
    async query<T>(text: string, params: unknown[] = [], name?: string, plan?: 'generic') {
      const config = { text, values: params, ...(name ? { name } : {}) };
      if (plan !== 'generic') return (await pool.query(config)).rows as T[];
      return withGenericPlans(pool, async (client) => (await client.query(config)).rows as T[]);
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
        // Ignored: the transaction's failure is thrown; a ROLLBACK on a broken connection adds nothing.
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        // Ignored: this connection is the script's own, and a broken one has nothing left to end.
        await client.end().catch(() => {});
      }
    },
    async notify(channel) {
      await pool.query('SELECT pg_notify($1, NULL)', [channel]);
    },
    listen: (channel, onNotify, onError) => listenPostgres(url, timeouts, channel, onNotify, onError),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Runs `work` on a connection whose prepared statements take their generic plan, then sets it back
 * (the query builder's statements keep their custom plans). A connection that breaks meanwhile, or
 * cannot be set back, is closed; its break is the statement's failure, never an unhandled event.
 */
async function withGenericPlans<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onBreak = (error: Error) => {
    broken = error;
  };
  client.on('error', onBreak);
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    return await work(client);
  } finally {
    const resetFailure =
      broken ??
      (await client.query('RESET plan_cache_mode').then(
        () => undefined,
        (error: Error) => error,
      ));
    client.off('error', onBreak);
    client.release(resetFailure);
  }
}
