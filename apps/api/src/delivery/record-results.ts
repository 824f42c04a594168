import { SUBSCRIPTION_AUTO_DISABLE_AFTER } from '@wm/contracts';
import type { AppContext } from '../context';
import { announceLocalChange, CHANGE_CHANNELS } from '../db/change-channel';
import type { TrippedCircuit } from './circuit-breaker';
import { addAttemptStats } from './delivery-stats-sql';

export type AttemptResult = {
  id: string;
  subscriptionId: string;
  occurrenceId: string;
  status: 'SUCCESS' | 'RETRYING' | 'FAILED';
  httpStatusCode: number | null;
  responseBody: string | null;
  errorMessage: string | null;
  nextAttemptAt: string | null;
  processedAt: string | null;
  attemptNumber: number;
  attemptId: string;
  startedAt: string;
  durationMs: number;
  isGone: boolean;
  /** A 'Testar webhook' attempt: counted in the subscription's attempts, never in its health. */
  isTest?: boolean;
  /** False when the event has callbacks off, so a finished occurrence needs no report check. */
  hasCallbacks?: boolean;
  /** A FIFO event's delivery: once recorded final, the next of its key is due to be claimed. */
  isFifo?: boolean;
};

/** Consecutive FAILED deliveries after which a subscription is auto-disabled. */
export const AUTO_DISABLE_AFTER = SUBSCRIPTION_AUTO_DISABLE_AFTER;

/** What a recorded batch did to the circuit breakers: failures that reached the threshold, and closings. */
export type CircuitChanges = { tripped: TrippedCircuit[]; closed: string[] };

/**
 * Writes a batch of attempt results in one statement: the delivery logs (only
 * while open and leased by `workerId` or by no one), their attempts, and the subscriptions'
 * counters, with 410 or 20 failures in a row setting the subscription FAILED,
 * the per-minute figures of the attempts (outcome and duration), and each subscription's
 * circuit: a success closes it, failed attempts add to its count.
 */
export async function recordAttemptResults(
  ctx: AppContext,
  workerId: string,
  results: AttemptResult[],
): Promise<CircuitChanges> {
  if (results.length === 0) return { tripped: [], closed: [] };
  const rows = JSON.stringify(
    results.map((result) => ({
      id: result.id,
      subscription_id: result.subscriptionId,
      status: result.status,
      http_status_code: result.httpStatusCode,
      response_body: result.responseBody,
      error_message: result.errorMessage,
      next_attempt_at: result.nextAttemptAt,
      processed_at: result.processedAt,
      attempt_number: result.attemptNumber,
      attempt_id: result.attemptId,
      started_at: result.startedAt,
      duration_ms: result.durationMs,
      is_gone: result.isGone,
      is_test: result.isTest ?? false,
    })),
  );
  const [counts] = await ctx.database.query<{
    disabled: number;
    tripped: Array<{ subscription_id: string; open_count: number }> | null;
    closed: string[] | null;
  }>(
    RECORD_ATTEMPT_RESULTS,
    [
      rows,
      workerId,
      AUTO_DISABLE_AFTER,
      results.map((result) => result.id),
      ctx.clock(),
      ctx.config.DELIVERY_CIRCUIT_FAILURES,
    ],
    'record_attempt_results',
    'generic',
  );
  // A disabled subscription no longer receives emits: this process's emits must know at once.
  if (counts && counts.disabled > 0) announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
  return {
    tripped: (counts?.tripped ?? []).map((row) => ({
      subscriptionId: row.subscription_id,
      openCount: row.open_count,
    })),
    closed: counts?.closed ?? [],
  };
}

/**
 * "Not final yet", written so that it does not match the partial due index's predicate: through that
 * index, whose dead entries pile up between vacuums, each batch read thousands of entries on a busy
 * table; this way the rows can only be found by primary key.
 */
export const OPEN_STATUS_CONDITION = `status NOT IN ('SUCCESS', 'FAILED', 'IGNORED')`;

/** The batch turns an ACTIVE subscription FAILED: a 410, or the failures in a row reach the limit. */
const DISABLES = `s.status = 'ACTIVE' AND (t.is_gone
            OR (t.succeeded = 0 AND s.consecutive_failures + t.failed >= $3::int))`;

const RECORD_ATTEMPT_RESULTS = `
    WITH r AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
        id uuid, subscription_id uuid, status text, http_status_code integer, response_body text,
        error_message text, next_attempt_at timestamptz, processed_at timestamptz, attempt_number integer,
        attempt_id uuid, started_at timestamptz, duration_ms integer, is_gone boolean, is_test boolean)
    ),
    logs AS (
      UPDATE delivery_logs d SET
        status = r.status, http_status_code = r.http_status_code, response_body = r.response_body,
        error_message = r.error_message, next_attempt_at = r.next_attempt_at, processed_at = r.processed_at,
        attempt_count = r.attempt_number, lease_until = NULL, leased_by = NULL, updated_at = $5::timestamptz
      FROM r WHERE d.id = r.id AND d.id = ANY($4::uuid[]) AND d.${OPEN_STATUS_CONDITION}
        -- Held by this worker, or by no one: another message of the same log in this worker may
        -- have given the lease back while this send was under way, and its result still stands.
        -- Held by another worker, the delivery is that worker's to record.
        AND (d.leased_by = $2 OR d.leased_by IS NULL)
      RETURNING d.id
    ),
    attempts AS (
      INSERT INTO delivery_attempts (id, delivery_log_id, attempt_number, started_at, duration_ms,
        http_status_code, error_message, response_body)
      SELECT attempt_id, id, attempt_number, started_at, duration_ms, http_status_code, error_message, response_body
      FROM r
      RETURNING id
    ),
    totals AS (
      SELECT subscription_id, count(*)::int AS tried,
        count(*) FILTER (WHERE status = 'SUCCESS' AND NOT is_test)::int AS succeeded,
        count(*) FILTER (WHERE status = 'FAILED' AND NOT is_test)::int AS failed,
        bool_or(is_gone) AS is_gone
      FROM r GROUP BY subscription_id ORDER BY subscription_id
    ),
    subs AS (
      UPDATE subscriptions s SET
        attempts = s.attempts + t.tried,
        consecutive_failures = CASE WHEN t.succeeded > 0 THEN 0 ELSE s.consecutive_failures + t.failed END,
        status = CASE WHEN ${DISABLES} THEN 'FAILED' ELSE s.status END,
        disabled_reason = CASE WHEN ${DISABLES}
          THEN CASE WHEN t.is_gone THEN 'GONE' ELSE 'CONSECUTIVE_FAILURES' END
          ELSE s.disabled_reason END,
        disabled_at = CASE WHEN ${DISABLES} THEN $5::timestamptz ELSE s.disabled_at END,
        updated_at = $5::timestamptz
      FROM totals t WHERE s.id = t.subscription_id
      -- disabled_at is this statement's time only when it disabled it (or another batch of the same
      -- instant did: that only announces the change twice).
      RETURNING s.id, s.status = 'FAILED' AND s.disabled_at = $5::timestamptz AS is_disabled
    ),
    -- The circuits: per subscription, attempts that succeeded and that failed ('Testar webhook' aside).
    tries AS (
      SELECT subscription_id, count(*) FILTER (WHERE status = 'SUCCESS')::int AS ok,
        count(*) FILTER (WHERE status <> 'SUCCESS')::int AS failed
      FROM r WHERE NOT is_test GROUP BY subscription_id
    ),
    circuits_before AS (
      SELECT c.subscription_id FROM endpoint_circuits c JOIN tries t ON t.subscription_id = c.subscription_id
      WHERE c.state <> 'CLOSED' AND t.ok > 0
    ),
    failures AS (
      INSERT INTO endpoint_circuits AS c (subscription_id, consecutive_failures, changed_at, updated_at)
      SELECT subscription_id, failed, $5, $5 FROM tries WHERE ok = 0 ORDER BY subscription_id
      ON CONFLICT (subscription_id) DO UPDATE
        SET consecutive_failures = c.consecutive_failures + excluded.consecutive_failures, updated_at = $5
      RETURNING c.subscription_id, c.state, c.consecutive_failures, c.open_count
    ),
    successes AS (
      UPDATE endpoint_circuits c SET state = 'CLOSED', consecutive_failures = 0, open_count = 0,
        open_until = NULL, probe_by = NULL, probe_until = NULL, open_since = NULL,
        changed_at = CASE WHEN c.state = 'CLOSED' THEN c.changed_at ELSE $5 END, updated_at = $5
      FROM tries t
      WHERE c.subscription_id = t.subscription_id AND t.ok > 0 AND (c.consecutive_failures > 0 OR c.state <> 'CLOSED')
      RETURNING c.subscription_id
    ),
    ${addAttemptStats('r')}
    SELECT (SELECT count(*) FROM logs) AS logs, (SELECT count(*) FROM attempts) AS attempts,
      (SELECT count(*) FROM subs) AS subscriptions,
      (SELECT count(*) FROM subs WHERE is_disabled)::int AS disabled,
      (SELECT json_agg(json_build_object('subscription_id', subscription_id, 'open_count', open_count))
        FROM failures WHERE state = 'CLOSED' AND consecutive_failures >= $6::int) AS tripped,
      (SELECT json_agg(subscription_id) FROM successes
        WHERE subscription_id IN (SELECT subscription_id FROM circuits_before)) AS closed`;
