import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/sql-rows';
import type { Clock } from '../lib/clock';

export type PacingSlot = { isAcquired: boolean; waitMs: number };

/** A maxWaitMs that never gives up: the caller waits however long the key is busy. */
export const NO_WAIT_LIMIT_MS = 365 * 24 * 3_600_000;

/**
 * Takes the send slot of `key` now, or waits for it: consecutive sends under
 * one key start at least `pacingMs` apart across every process sharing the
 * database (one row per key, taken atomically, timed by the app's clock).
 * The slot is taken at the moment the send starts, so a late wake-up never
 * shortens the gap to the next one. When the key stays busy for more than
 * `maxWaitMs` nothing is taken and `waitMs` says when to come back, so a long
 * backlog of one key is put back instead of holding a worker.
 */
export async function acquirePacingSlot(
  { db, clock }: { db: Database; clock: Clock },
  key: string,
  pacingMs: number,
  maxWaitMs: number,
): Promise<PacingSlot> {
  let waited = 0;
  for (;;) {
    const now = clock().toISOString();
    const [taken] = await queryRows<{ key: string }>(
      db,
      sql`
      INSERT INTO queue_pacing AS p (key, next_at)
      VALUES (${key}, ${now}::timestamptz + ${pacingMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE
        SET next_at = excluded.next_at
        WHERE p.next_at <= ${now}::timestamptz
      RETURNING p.key`,
    );
    if (taken) return { isAcquired: true, waitMs: waited };
    const [busy] = await queryRows<{ wait_ms: string | number }>(
      db,
      sql`
      SELECT EXTRACT(EPOCH FROM (next_at - ${clock().toISOString()}::timestamptz)) * 1000 AS wait_ms
      FROM queue_pacing WHERE key = ${key}`,
    );
    const waitMs = Math.max(1, Math.ceil(Number(busy?.wait_ms ?? 1)));
    if (waited + waitMs > maxWaitMs) return { isAcquired: false, waitMs };
    await sleep(waitMs);
    waited += waitMs;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
