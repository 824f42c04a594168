import type { DatabaseHandle } from './client';
import { openPglite } from './open-pglite';
import { openPostgres } from './open-postgres';

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
  | {
      kind: 'pglite';
      dataDir?: string;
      /** In memory only: the dumped data directory (`dumpPglite`) to start from instead of an empty one. */
      template?: Blob;
    };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 20, {
        connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
        queryTimeoutMs: options.queryTimeoutMs ?? 30_000,
      })
    : openPglite(options.dataDir, options.template);
}
