import type { DatabaseHandle } from '../db/client';
import { sleep } from '../lib/backoff';
import { createBatcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';
import type { PacingSlot } from './pacing';

type Ask = { key: string; pacingMs: number };
type Answer = { isAcquired: boolean; waitMs: number };

// Keys are taken in key order so two batches never wait on each other's rows.
const ACQUIRE_SQL = `
WITH k AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS k(key text, pacing_ms integer)),
taken AS (
  INSERT INTO queue_pacing AS p (key, next_at)
  SELECT key, $2::timestamptz + pacing_ms * interval '1 millisecond' FROM k ORDER BY key
  ON CONFLICT (key) DO UPDATE SET next_at = excluded.next_at WHERE p.next_at <= $2::timestamptz
  RETURNING p.key)
SELECT k.key, t.key IS NOT NULL AS is_acquired,
  EXTRACT(EPOCH FROM (p.next_at - $2::timestamptz)) * 1000 AS wait_ms
FROM k LEFT JOIN taken t ON t.key = k.key LEFT JOIN queue_pacing p ON p.key = k.key`;

export type PacingSlots = {
  /**
   * Takes the send slot of `key` now, or waits for it: consecutive sends under one key start at
   * least `pacingMs` apart across every process sharing the database (one row per key, taken
   * atomically, timed by the app's clock). The slot is taken at the moment the send starts,
   * so a late wake-up never shortens the gap to the next one. When the key stays busy for more
   * than `maxWaitMs` nothing is taken and `waitMs` says when to come back, so a long backlog of
   * one key is put back instead of holding a worker. The concurrent asks of this process share
   * one statement.
   */
  acquire(key: string, pacingMs: number, maxWaitMs: number): Promise<PacingSlot>;
};

export function createPacingSlots(database: Pick<DatabaseHandle, 'query'>, clock: Clock): PacingSlots {
  const batcher = createBatcher(
    async (asks: Ask[]): Promise<Answer[]> => {
      // One row per key and statement (a row cannot be taken twice in one); a repeated key waits its turn.
      const firsts = new Map<string, Ask>();
      for (const ask of asks) if (!firsts.has(ask.key)) firsts.set(ask.key, ask);
      const rows = await database.query<{
        key: string;
        is_acquired: boolean;
        wait_ms: string | number | null;
      }>(
        ACQUIRE_SQL,
        [
          JSON.stringify([...firsts.values()].map((ask) => ({ key: ask.key, pacing_ms: ask.pacingMs }))),
          clock(),
        ],
        'wm_pacing_acquire',
      );
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const seen = new Set<string>();
      return asks.map((ask) => {
        const row = byKey.get(ask.key);
        const isFirst = !seen.has(ask.key);
        seen.add(ask.key);
        if (isFirst && row?.is_acquired) return { isAcquired: true, waitMs: 0 };
        const waitMs = row?.is_acquired ? ask.pacingMs : Number(row?.wait_ms ?? 1);
        return { isAcquired: false, waitMs: Math.max(1, Math.ceil(waitMs)) };
      });
    },
    { maxSize: 256, maxInFlight: 4 },
  );
  return {
    async acquire(key, pacingMs, maxWaitMs) {
      let waited = 0;
      for (;;) {
        const answer = await batcher.submit({ key, pacingMs });
        if (answer.isAcquired) return { isAcquired: true, waitMs: waited };
        if (waited + answer.waitMs > maxWaitMs) return { isAcquired: false, waitMs: answer.waitMs };
        await sleep(answer.waitMs);
        waited += answer.waitMs;
      }
    },
  };
}
