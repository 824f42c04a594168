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
   * Calls `onNotify` with its payload on each notification of `channel`, and once without one after
   * each reconnection (one may have been missed meanwhile); `onError` with each failed try to listen
   * again after the connection dropped (it keeps trying), for the caller to log. Answers the function
   * that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload?: string) => void,
    onError: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
};
