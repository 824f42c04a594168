import pg from 'pg';
import { listDelayMs } from '../lib/backoff';
import { connectionOptions, type PostgresTimeouts } from './postgres-connection';

/** Waits before each try to listen again (the last repeats), jittered so listeners do not return together. */
const RELISTEN_DELAYS_MS = [100, 500, 1_000, 5_000];

/** LISTEN on a connection of its own, opened again (with backoff) whenever it drops. */
export async function listenPostgres(
  url: string,
  timeouts: PostgresTimeouts,
  channel: string,
  onNotify: (payload?: string) => void,
  onError: (error: unknown) => void,
) {
  let client: pg.Client | null = null;
  let isStopped = false;

  const open = async () => {
    const current = new pg.Client(connectionOptions(url, timeouts));
    current.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
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
      } catch (error) {
        onError(error);
      }
    }
  };

  watch(await open());
  return async () => {
    isStopped = true;
    await client?.end().catch(() => {});
  };
}
