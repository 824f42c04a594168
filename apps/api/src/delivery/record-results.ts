import { SUBSCRIPTION_AUTO_DISABLE_AFTER } from '@wm/contracts';
import type { AppContext } from '../context';
import { announceLocalChange, CHANGE_CHANNELS } from '../db/change-channel';
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
};

/** Consecutive FAILED deliveries after which a subscription is auto-disabled. */
export const AUTO_DISABLE_AFTER = SUBSCRIPTION_AUTO_DISABLE_AFTER;

/**
 * Writes a batch of attempt results in one statement: the delivery logs (only
 * while still leased by `workerId`), their attempts, and the subscriptions'
 * counters, with 410 or 20 failures in a row setting the subscription FAILED, and
 * the per-minute figures of the attempts (outcome and duration).
 */
export async function recordAttemptResults(ctx: AppContext, workerId: string, results: AttemptResult[]) {
  if (results.length === 0) return;
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
  const [counts] = await ctx.database.query<{ disabled: number }>(
    RECORD_ATTEMPT_RESULTS,
    [rows, workerId, AUTO_DISABLE_AFTER, results.map((result) => result.id), ctx.clock()],
    'record_attempt_results',
  );
  // A disabled subscription no longer receives emits: this process's emits must know at once.
  if (counts && counts.disabled > 0) announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
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
      FROM r WHERE d.id = r.id AND d.id = ANY($4::uuid[]) AND d.leased_by = $2 AND d.${OPEN_STATUS_CONDITION}
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
    ${addAttemptStats('r')}
    SELECT (SELECT count(*) FROM logs) AS logs, (SELECT count(*) FROM attempts) AS attempts,
      (SELECT count(*) FROM subs) AS subscriptions,
      (SELECT count(*) FROM subs WHERE is_disabled)::int AS disabled`;
