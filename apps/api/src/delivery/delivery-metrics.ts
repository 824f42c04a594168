import type { AppContext } from '../context';
import type { Metrics } from '../lib/metrics';
import type { AttemptResult } from './record-results';

/** One delivery attempt in this process: its outcome and how long the target took. */
export function countAttempt(metrics: Metrics, result: Pick<AttemptResult, 'status' | 'durationMs'>) {
  const labels = { status: result.status };
  metrics.increment(
    'webhook_delivery_attempts_total',
    'Delivery attempts made by this process, by outcome',
    labels,
  );
  metrics.increment(
    'webhook_delivery_attempt_seconds_sum',
    'Seconds spent waiting for targets, by outcome',
    labels,
    result.durationMs / 1000,
  );
}

// Capped, so a scrape stays cheap on a huge backlog.
const BACKLOG_SQL = `
  SELECT
    (SELECT count(*)::int FROM (SELECT 1 FROM delivery_logs
      WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= $1::timestamptz LIMIT 100000) due) AS due,
    (SELECT COALESCE(EXTRACT(EPOCH FROM $1::timestamptz - min(next_attempt_at)), 0)::float8 FROM delivery_logs
      WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= $1::timestamptz) AS oldest_due_seconds,
    (SELECT count(*)::int FROM (SELECT 1 FROM event_logs
      WHERE status IN ('PENDING', 'PROCESSING') LIMIT 100000) queued) AS queued`;

/** Backlog gauges read from the database at each scrape: the same figures from every process. */
export function collectBacklog(ctx: AppContext) {
  ctx.metrics.collect(async (set) => {
    const [row] = await ctx.database.query<{ due: number; oldest_due_seconds: number; queued: number }>(
      BACKLOG_SQL,
      [ctx.clock()],
      'metrics_backlog',
    );
    if (!row) return;
    set('webhook_deliveries_due', 'Deliveries due now and not yet sent (capped at 100000)', row.due);
    set(
      'webhook_deliveries_oldest_due_seconds',
      'How long the oldest due delivery has waited',
      Number(row.oldest_due_seconds),
    );
    set('webhook_event_logs_open', 'Queued events PENDING or PROCESSING (capped at 100000)', row.queued);
  });
}
