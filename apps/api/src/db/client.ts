import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** The one query interface every module uses, whichever backend is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Runs a multi-statement script and parameterised queries inside one transaction. */
export type ScriptTransaction = {
  exec(script: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
};

/** A LISTEN being kept up: `ready` once it first listens (or is stopped first). */
export type Listening = { ready: Promise<void>; stop(): Promise<void> };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /**
   * Raw SQL for hot paths (no query builder). A `name` makes it a prepared
   * statement on PostgreSQL, parsed once per connection; the text of a name never changes.
   * `plan: 'generic'` (PostgreSQL) runs it on its generic plan, made once per connection: for a
   * statement on the day-partitioned logs that cannot prune partitions when planned, whose custom
   * plan, made again at every run, costs more with every day kept (about 5 ms at 33 partitions).
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    name?: string,
    plan?: 'generic',
  ): Promise<T[]>;
  inScriptTransaction<T>(fn: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /** Wakes every listener of `channel` on this database, in any process (PostgreSQL NOTIFY). */
  notify(channel: string): Promise<void>;
  /**
   * Calls `onNotify` with its payload on each notification of `channel`, and once without one each
   * time it starts listening (at first and after each reconnection: one may have been missed);
   * `onError` with each failed try to listen (it keeps trying, with backoff), for the caller to log.
   */
  listen(channel: string, onNotify: (payload?: string) => void, onError: (error: unknown) => void): Listening;
  ping(): Promise<void>;
  close(): Promise<void>;
};
