import { and, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { DAY_MS } from '../db/log-retention';
import { eventLogs, events, occurrences, subscriptions } from '../db/schema';
import { createBatcher } from '../lib/batcher';
import { idFloor, idTime } from '../lib/ids';
import { rowFromJson } from './row-from-json';

/** What the consumer needs of one event log to deliver it, read in one statement batched across messages. */
export type StartedEventLog = {
  id: string;
  occurrenceId: string;
  /** Automatic retries made in this round (reprocess starts a new one). */
  autoRetryCount: number;
  event: typeof events.$inferSelect | null;
  /** Null once the occurrence has delivery logs (a retry or a redelivery). */
  occurrence: typeof occurrences.$inferSelect | null;
  targets: Array<typeof subscriptions.$inferSelect>;
  hasDeliveries: boolean;
};

export type EventLogOutcome = {
  id: string;
  status: 'SUCCESS' | 'FAILED' | 'PENDING';
  error: string | null;
  /** Set when the outcome counts one more automatic retry. */
  autoRetryCount?: number;
  /** A rules log's evaluation of its candidate rules (kept as it was when absent). */
  ruleEvaluations?: unknown;
};

type StartedRow = {
  id: string;
  occurrence_id: string;
  auto_retry_count: number;
  event: Record<string, unknown> | null;
  occurrence: Record<string, unknown> | null;
  targets: Array<Record<string, unknown>> | null;
  has_deliveries: boolean;
};

const START_SQL = `
WITH started AS (
  -- A read, no write: while the consumer works on a log it holds the message's lease (unacked on
  -- RabbitMQ, leased on the database queue), and the log stays PENDING until it settles. A crash
  -- gives the message back; a duplicate finds the deliveries leased or final. A PROCESSING write
  -- here was an index-changing (non-HOT) update per message, for a state no one acts on.
  SELECT l.id, l.event_id, l.auto_retry_count, l.event_definition_id FROM event_logs l
  WHERE l.id = ANY($1::uuid[]) AND l.status NOT IN ('SUCCESS', 'FAILED')),
marked AS (
  SELECT s.*, d.occurrence_id IS NOT NULL AS has_deliveries
  FROM started s
  -- A probe per log (LIMIT 1), never a hash of every delivery log, whatever the statistics say.
  -- $2 bounds the day partitions read, when planned, to those of the batch's days: a log's
  -- occurrence is made with it, its delivery logs after it (the day before the oldest log covers
  -- hosts whose clocks differ). Without it each run planned the probes of every day kept.
  LEFT JOIN LATERAL (SELECT occurrence_id FROM delivery_logs d
    WHERE d.occurrence_id = s.event_id AND d.id >= $2::uuid LIMIT 1) d
    ON true)
SELECT m.id, m.event_id AS occurrence_id, m.auto_retry_count, m.has_deliveries, to_jsonb(e.*) AS event,
  CASE WHEN m.has_deliveries THEN NULL
    -- row_to_json keeps the json payload's text (to_jsonb would reorder its keys).
    ELSE (SELECT row_to_json(o.*) FROM occurrences o WHERE o.id = m.event_id AND o.id >= $2::uuid) END AS occurrence,
  CASE WHEN m.has_deliveries OR e.id IS NULL THEN NULL
    ELSE (SELECT jsonb_agg(to_jsonb(t.*) ORDER BY t.id) FROM subscriptions t
      WHERE t.event_id = e.id AND t.status IN ('ACTIVE', 'FAILED')) END AS targets
FROM marked m LEFT JOIN events e ON e.id = m.event_definition_id`;

const SETTLE_SQL = `
UPDATE event_logs l SET status = r.status, error_message = r.error,
  auto_retry_count = COALESCE(r.auto_retry_count, l.auto_retry_count),
  rule_evaluations = COALESCE(r.rule_evaluations, l.rule_evaluations),
  processed_at = CASE WHEN r.status IN ('SUCCESS', 'FAILED') THEN $2::timestamptz ELSE l.processed_at END,
  updated_at = $2::timestamptz
FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, status text, error text, auto_retry_count integer,
  rule_evaluations jsonb)
WHERE l.id = r.id AND l.id = ANY($3::uuid[])`;

const BATCH = { maxSize: 256, maxInFlight: 4 };

/**
 * The consumer's event-log statements, group-committed: the messages processed
 * at once share one round trip to start (load) and one to settle, instead of several each.
 */
export function createEventLogBatches(ctx: AppContext) {
  const starts = createBatcher(async (ids: string[]) => {
    const rows = await ctx.database.query<StartedRow>(
      START_SQL,
      [ids, partitionFloorOf(ids)],
      'wm_event_logs_start',
    );
    const byId = new Map(rows.map((row) => [row.id, toStarted(row)]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCH);
  const settles = createBatcher(async (outcomes: EventLogOutcome[]) => {
    await ctx.database.query(
      SETTLE_SQL,
      [
        JSON.stringify(
          outcomes.map((o) => ({
            id: o.id,
            status: o.status,
            error: o.error,
            auto_retry_count: o.autoRetryCount ?? null,
            rule_evaluations: o.ruleEvaluations ?? null,
          })),
        ),
        ctx.clock(),
        outcomes.map((o) => o.id),
      ],
      'wm_event_logs_settle',
    );
    return outcomes.map(() => undefined);
  }, BATCH);
  return {
    /** Reads what delivering a log needs; null when it is gone or already final. */
    start: (id: string) => starts.submit(id),
    settle: (outcome: EventLogOutcome) => settles.submit(outcome),
  };
}

export type EventLogBatches = ReturnType<typeof createEventLogBatches>;

/**
 * The first id of the day before the oldest of `ids`' times: see START_SQL's $2. An id that is not
 * a UUIDv7 (a log older than the day partitions) carries no time: then every partition is read.
 */
function partitionFloorOf(ids: string[]): string {
  if (!ids.every((id) => id[14] === '7')) return idFloor(0);
  const oldest = Math.min(...ids.map((id) => idTime(id).getTime()));
  return idFloor(oldest - DAY_MS);
}

function toStarted(row: StartedRow): StartedEventLog {
  return {
    id: row.id,
    occurrenceId: row.occurrence_id,
    autoRetryCount: row.auto_retry_count,
    event: row.event ? rowFromJson(events, row.event) : null,
    occurrence: row.occurrence ? rowFromJson(occurrences, row.occurrence) : null,
    targets: (row.targets ?? []).map((target) => rowFromJson(subscriptions, target)),
    hasDeliveries: row.has_deliveries,
  };
}

/** Ends a log FAILED with `error` unless it is final already. */
export async function failOpenEventLog(ctx: AppContext, id: string, error: string) {
  const now = ctx.clock();
  await ctx.db
    .update(eventLogs)
    .set({ status: 'FAILED', errorMessage: error, processedAt: now, updatedAt: now })
    .where(and(eq(eventLogs.id, id), inArray(eventLogs.status, ['PENDING', 'PROCESSING'])));
}

/**
 * Claims up to `limit` PENDING logs whose message may be lost: never retried and untouched since
 * `shortCutoff`, or untouched since `longCutoff`. Touching updated_at is the claim, so several
 * workers do not take the same ones.
 */
export async function claimUnpublishedEventLogs(
  ctx: AppContext,
  cutoffs: { now: Date; shortCutoff: Date; longCutoff: Date; limit: number },
) {
  return claimPendingEventLogs(ctx, {
    where: or(
      and(eq(eventLogs.autoRetryCount, 0), lt(eventLogs.updatedAt, cutoffs.shortCutoff)),
      lt(eventLogs.updatedAt, cutoffs.longCutoff),
    ),
    set: { updatedAt: cutoffs.now },
    limit: cutoffs.limit,
  });
}

/**
 * Claims up to `limit` PENDING, never-retried logs written by an earlier incarnation of this
 * process (`written_by` starts with `prefix` and is not `currentId`): it may have died between a
 * commit and its publish. Taking them over (written_by = currentId) is the claim.
 */
export async function claimOwnUnpublishedEventLogs(
  ctx: AppContext,
  owner: { prefix: string; currentId: string; now: Date; limit: number },
) {
  return claimPendingEventLogs(ctx, {
    where: and(
      eq(eventLogs.autoRetryCount, 0),
      sql`starts_with(${eventLogs.writtenBy}, ${owner.prefix})`,
      ne(eventLogs.writtenBy, owner.currentId),
    ),
    set: { updatedAt: owner.now, writtenBy: owner.currentId },
    limit: owner.limit,
  });
}

/** Updates (`set`) up to `limit` PENDING logs that match `where`, least recently touched first, skipping locked ones. */
function claimPendingEventLogs(
  ctx: AppContext,
  claim: { where: SQL | undefined; set: Partial<typeof eventLogs.$inferInsert>; limit: number },
) {
  return ctx.db
    .update(eventLogs)
    .set(claim.set)
    .where(
      inArray(
        eventLogs.id,
        sql`(SELECT ${eventLogs.id} FROM ${eventLogs}
             WHERE ${and(eq(eventLogs.status, 'PENDING'), claim.where)}
             ORDER BY ${eventLogs.updatedAt} LIMIT ${claim.limit} FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning({ id: eventLogs.id, eventDefinitionId: eventLogs.eventDefinitionId });
}

/** The queue settings of a log's event (priority, TTL); null when the event is gone. */
export async function findEventQueueSettings(ctx: AppContext, eventDefinitionId: string | null) {
  if (!eventDefinitionId) return null;
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventDefinitionId)).limit(1);
  return event ?? null;
}
