import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database';
import { startUrlProxy } from './support/tcp-proxy';
import { openTestDatabase } from './support/test-database';
import { waitFor } from './support/wait-for';

// PostgreSQL only (see vitest.config.ts): only a server has a listening connection that can drop.
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a LISTEN whose connection drops', () => {
  it('When listening again fails while the database is unreachable, then each failure is reported, and it listens again once it can', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const { proxy, url: throughProxy } = await startUrlProxy(database.url as string, 5432);
    cleanups.push(() => proxy.close());
    const listener = await openDatabase({ kind: 'postgres', url: throughProxy, poolSize: 1 });
    cleanups.push(() => listener.close());

    const payloads: Array<string | undefined> = [];
    const failures: unknown[] = [];
    const listening = listener.listen(
      'wm_test_outage',
      (payload) => payloads.push(payload),
      (error) => failures.push(error),
    );
    cleanups.push(() => listening.stop());
    await listening.ready;
    // Listening for the first time is announced like listening again.
    expect(payloads).toEqual([undefined]);
    payloads.length = 0;

    proxy.cut();
    await waitFor(() => failures.length >= 2, 10_000, 'the failed tries to listen again');
    expect(failures.every((failure) => failure instanceof Error)).toBe(true);
    expect(payloads).toEqual([]);

    proxy.restore();
    // Listening again is announced by a call without a payload (a notification may have been missed).
    await waitFor(() => payloads.includes(undefined), 10_000, 'listening again');
    await database.query(`SELECT pg_notify('wm_test_outage', 'after')`);
    await waitFor(() => payloads.includes('after'), 5_000, 'a notification after the outage');
  });
});
