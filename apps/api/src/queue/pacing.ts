import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from './sql-rows';

export type PacingSlot = { isReserved: boolean; waitMs: number };

/**
 * Reserves the next send slot under `key`: slots are `pacingMs` apart across
 * every process sharing the database (one row per key, updated atomically,
 * timed by the database clock). When the free slot is more than `maxWaitMs`
 * away nothing is reserved and `waitMs` says when to come back, so a long
 * backlog of one key is put back instead of holding a worker.
 */
export async function reservePacingSlot(
  db: Database,
  key: string,
  pacingMs: number,
  maxWaitMs: number,
): Promise<PacingSlot> {
  const [row] = await queryRows<{ wait_ms: string | number }>(
    db,
    sql`
    INSERT INTO queue_pacing AS p (key, next_at)
    VALUES (${key}, clock_timestamp() + ${pacingMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE
      SET next_at = GREATEST(p.next_at, clock_timestamp()) + ${pacingMs} * interval '1 millisecond'
      WHERE p.next_at <= clock_timestamp() + ${maxWaitMs} * interval '1 millisecond'
    RETURNING EXTRACT(EPOCH FROM (p.next_at - clock_timestamp())) * 1000 - ${pacingMs} AS wait_ms`,
  );
  if (row) return { isReserved: true, waitMs: Math.max(0, Number(row.wait_ms)) };
  const [pending] = await queryRows<{ wait_ms: string | number }>(
    db,
    sql`
    SELECT EXTRACT(EPOCH FROM (next_at - clock_timestamp())) * 1000 AS wait_ms
    FROM queue_pacing WHERE key = ${key}`,
  );
  return { isReserved: false, waitMs: Math.max(1, Number(pending?.wait_ms ?? 1)) };
}

/** Waits for and takes the next slot under `key`, however far away it is. */
export async function waitForPacingSlot(db: Database, key: string, pacingMs: number): Promise<void> {
  const slot = await reservePacingSlot(db, key, pacingMs, ONE_YEAR_MS);
  if (slot.waitMs > 0) await sleep(slot.waitMs);
}

const ONE_YEAR_MS = 365 * 24 * 3_600_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
