import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from './client';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

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

/** A handle opened by `openPglite`, with the PGlite behind it (for `dumpPglite`). */
export type PgliteHandle = DatabaseHandle & { pglite: PGlite };

/**
 * A PGlite database: in the directory `dataDir`, or in memory; an in-memory one starts from
 * `template` (a `dumpPglite` of another) when given, skipping initdb.
 */
export async function openPglite(dataDir: string | undefined, template?: Blob): Promise<PgliteHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await (dataDir ? initPgliteDataDir(dataDir) : Promise.resolve())
    .then(() =>
      PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(!dataDir && template ? { loadDataDir: template } : {}),
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
    pglite: client,
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
    listen(channel, onNotify, onError) {
      // In process: listening cannot drop, so it is tried once.
      const unlistening = client
        .listen(channel, (payload) => onNotify(payload))
        .then((unlisten) => {
          onNotify();
          return unlisten;
        })
        .catch((error) => {
          onError(error);
          return null;
        });
      return {
        ready: unlistening.then(() => {}),
        async stop() {
          await (await unlistening)?.();
        },
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

/** The data directory of a PGlite database opened by `openPglite`, as an uncompressed tar. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (!('pglite' in handle)) throw new Error('not a PGlite database opened by openPglite');
  return (handle as PgliteHandle).pglite.dumpDataDir('none');
}
