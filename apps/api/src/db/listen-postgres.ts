import pg from 'pg';
import { exponentialDelayMs, sleep } from '../lib/backoff';
import type { Listening } from './client';
import { connectionOptions, type PostgresTimeouts } from './postgres-connection';

/** Tries to listen again after 100 ms, doubling up to 5 s while it fails, jittered so listeners do not return together. */
const RELISTEN = { baseMs: 100, maxMs: 5_000 };

/**
 * LISTEN on a connection of its own, in the one loop that listens, at start and after every drop:
 * each failed try is reported and followed by a backoff wait, each success by a call without payload.
 */
export function listenPostgres(
  url: string,
  timeouts: PostgresTimeouts,
  channel: string,
  onNotify: (payload?: string) => void,
  onError: (error: unknown) => void,
): Listening {
  let client: pg.Client | null = null;
  const stopping = new AbortController();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const open = async () => {
    const current = new pg.Client(connectionOptions(url, timeouts));
    current.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    // A dropped connection is noticed by its 'end', which the loop waits for.
    current.on('error', () => {});
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return current;
    } catch (error) {
      // Ignored: the failure to listen is reported (onError); ending the half-open client is tidying.
      await current.end().catch(() => {});
      throw error;
    }
  };

  const run = async () => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        const current = await open();
        if (stopping.signal.aborted) {
          await current.end();
          break;
        }
        const ended = new Promise<void>((resolve) => current.once('end', () => resolve()));
        client = current;
        failures = 0;
        markReady();
        // Listening (again): a notification may have been missed meanwhile.
        onNotify();
        await ended;
        client = null;
      } catch (error) {
        if (stopping.signal.aborted) break;
        onError(error);
        failures += 1;
      }
      await sleep(exponentialDelayMs(Math.max(failures - 1, 0), RELISTEN), stopping.signal);
    }
    markReady();
  };
  void run();

  return {
    ready,
    async stop() {
      stopping.abort();
      // Ignored: a connection that dropped as it was stopped has nothing left to end.
      await client?.end().catch(() => {});
    },
  };
}
