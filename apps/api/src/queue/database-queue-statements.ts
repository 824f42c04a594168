import type { DatabaseHandle } from '../db/client';
import { createBatcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import type { Decision } from './process-message';
import { clampPriority, type PublishInput } from './types';

export type ClaimedRow = {
  id: string;
  message_id: string;
  body: unknown;
  priority: number;
  attempts: number;
  pacing_key: string | null;
  pacing_ms: number | null;
  expires_at_ms: string | number | null;
  is_expired: boolean;
  /** How long it had been due when claimed. */
  waited_ms: number;
  trace_parent: string | null;
};

const BATCH = { maxSize: 256, maxInFlight: 4 };

// $1 queue, $2 the messages (JSON), $3 now (the app's clock).
const INSERT_SQL = `
INSERT INTO queue_messages (id, queue, message_id, body, priority, available_at, expires_at,
  attempts, pacing_key, pacing_ms, trace_parent)
SELECT id, $1, message_id, COALESCE(body, 'null'::jsonb), priority,
  $3::timestamptz + delay_ms * interval '1 millisecond',
  CASE WHEN ttl_ms IS NULL THEN NULL ELSE $3::timestamptz + ttl_ms * interval '1 millisecond' END,
  attempts, pacing_key, pacing_ms, trace_parent
FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, message_id text, body jsonb,
  priority integer, delay_ms integer, ttl_ms integer, attempts integer, pacing_key text, pacing_ms integer,
  trace_parent text)`;

// $1 queue, $2 how many, $3 lease in ms, $4 now (the app's clock), $5 the claiming incarnation.
const CLAIM_SQL = `
UPDATE queue_messages q SET lease_until = $4::timestamptz + $3 * interval '1 millisecond',
  available_at = $4::timestamptz + $3 * interval '1 millisecond', leased_by = $5
FROM (
  SELECT id, available_at FROM queue_messages
  WHERE queue = $1 AND available_at <= $4::timestamptz
  ORDER BY priority DESC, available_at, id
  LIMIT $2
  FOR UPDATE SKIP LOCKED) due
WHERE q.id = due.id
RETURNING q.id, q.message_id, q.body, q.priority, q.attempts, q.pacing_key, q.pacing_ms,
  EXTRACT(EPOCH FROM q.expires_at) * 1000 AS expires_at_ms,
  (q.expires_at IS NOT NULL AND q.expires_at < $4::timestamptz) AS is_expired,
  (EXTRACT(EPOCH FROM $4::timestamptz - due.available_at) * 1000)::float8 AS waited_ms, q.trace_parent`;

// Done messages are deleted; the others come back after their delay in the same statement.
// The id list ($2) lets the planner probe the primary key whatever its statistics say; $3 is now.
const SETTLE_SQL = `
WITH r AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS r(id uuid, is_done boolean, delay_ms integer, attempts integer, is_retry boolean)),
done AS (DELETE FROM queue_messages q USING r
  WHERE q.id = r.id AND q.id = ANY(string_to_array($2, ',')::uuid[]) AND r.is_done RETURNING q.id)
UPDATE queue_messages q SET available_at = $3::timestamptz + r.delay_ms * interval '1 millisecond',
  lease_until = NULL, leased_by = NULL, attempts = r.attempts,
  expires_at = CASE WHEN r.is_retry THEN NULL ELSE q.expires_at END
FROM r WHERE q.id = r.id AND q.id = ANY(string_to_array($2, ',')::uuid[]) AND NOT r.is_done`;

// $1 queue, $2 the owner prefix of this consumer's incarnations, $3 this one, $4 now.
const TAKE_BACK_OWN_SQL = `
UPDATE queue_messages SET available_at = $4::timestamptz, lease_until = NULL, leased_by = NULL
WHERE queue = $1 AND lease_until IS NOT NULL AND starts_with(leased_by, $2) AND leased_by <> $3
RETURNING id`;

// $1 queue, $2 now (the app's clock). Capped, so a scrape stays cheap on a huge backlog.
const COUNT_READY_SQL = `
SELECT count(*)::int AS ready FROM (SELECT 1 FROM queue_messages
  WHERE queue = $1 AND available_at <= $2::timestamptz LIMIT 100000) ready`;

export type DatabaseQueueStatements = ReturnType<typeof createDatabaseQueueStatements>;

/**
 * The database queue's statements on the queue_messages table, for one
 * logical queue. Inserts and settles are group-committed across concurrent
 * callers; a claim takes rows in priority order with FOR UPDATE SKIP LOCKED
 * and a lease (the row is made unavailable until the lease ends).
 */
export function createDatabaseQueueStatements(
  database: Pick<DatabaseHandle, 'query'>,
  clock: Clock,
  name: string,
  leaseMs: number,
  owner: { prefix: string; id: string },
) {
  const inserts = createBatcher(async (inputs: PublishInput[]) => {
    const rows = inputs.map((input) => ({
      id: newId(),
      message_id: input.id,
      body: input.body ?? null,
      priority: clampPriority(input.priority),
      delay_ms: Math.max(0, Math.round(input.delayMs ?? 0)),
      ttl_ms: input.ttlMs === undefined ? null : Math.max(0, Math.round(input.ttlMs)),
      attempts: input.attempts ?? 0,
      pacing_key: input.pacingKey ?? null,
      pacing_ms: input.pacingMs ?? null,
      ...(input.traceparent ? { trace_parent: input.traceparent } : {}),
    }));
    await database.query(INSERT_SQL, [name, JSON.stringify(rows), clock()], 'wm_queue_insert');
    return inputs.map(() => undefined);
  }, BATCH);

  const claim = async (count: number): Promise<ClaimedRow[]> => {
    const rows = await database.query<ClaimedRow>(
      CLAIM_SQL,
      [name, count, Math.max(0, Math.round(leaseMs)), clock(), owner.id],
      'wm_queue_claim',
    );
    return rows.sort((a, b) => b.priority - a.priority);
  };

  const settles = createBatcher(async (items: Array<{ row: ClaimedRow; decision: Decision }>) => {
    const rows = items.map(({ row, decision }) => {
      const isDone = decision.type === 'ack' || decision.type === 'expired';
      return {
        id: row.id,
        is_done: isDone,
        delay_ms: isDone ? 0 : Math.max(0, Math.round(decision.delayMs)),
        attempts: decision.type === 'retry' ? row.attempts + 1 : row.attempts,
        // TTL counts until the first processing; a retried message no longer expires.
        is_retry: decision.type === 'retry',
      };
    });
    const ids = rows.map((row) => row.id).join(',');
    await database.query(SETTLE_SQL, [JSON.stringify(rows), ids, clock()], 'wm_queue_settle');
    return items.map(() => undefined);
  }, BATCH);

  const countReady = async () => {
    const [row] = await database.query<{ ready: number }>(
      COUNT_READY_SQL,
      [name, clock()],
      'wm_queue_count_ready',
    );
    return row?.ready ?? 0;
  };

  /** Messages a dead incarnation of this consumer held come back now; answers how many. */
  const takeBackOwn = async (): Promise<number> => {
    const rows = await database.query<{ id: string }>(
      TAKE_BACK_OWN_SQL,
      [name, owner.prefix, owner.id, clock()],
      'wm_queue_take_back_own',
    );
    return rows.length;
  };

  return {
    insert: (input: PublishInput) => inserts.submit(input),
    claim,
    takeBackOwn,
    countReady,
    settle: (row: ClaimedRow, decision: Decision) => settles.submit({ row, decision }),
  };
}
