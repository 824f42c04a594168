import type { AppContext } from '../context';
import { LATENCY_SECONDS_BUCKETS, REQUEST_SECONDS_BUCKETS } from '../lib/metrics';
import type { ClaimedDelivery } from './claim';
import type { AttemptResult } from './record-results';

/**
 * One delivery attempt in this process: its outcome and how long the target took; a final one
 * (SUCCESS or FAILED) also how long after its emit it ended.
 */
export function observeAttempt(
  { metrics, clock }: Pick<AppContext, 'metrics' | 'clock'>,
  delivery: Pick<ClaimedDelivery, 'emitted_at_ms'>,
  result: Pick<AttemptResult, 'status' | 'durationMs'>,
) {
  const labels = { status: result.status };
  metrics.increment(
    'webhook_delivery_attempts_total',
    'Delivery attempts made by this process, by outcome',
    labels,
  );
  metrics.observe(
    'webhook_delivery_attempt_seconds',
    'Seconds spent waiting for targets, by outcome',
    result.durationMs / 1000,
    labels,
    REQUEST_SECONDS_BUCKETS,
  );
  if (result.status === 'RETRYING' || delivery.emitted_at_ms == null) return;
  metrics.observe(
    'webhook_delivery_latency_seconds',
    'Seconds from the emit to the final status of its deliveries, retries included, by outcome',
    Math.max(0, clock().getTime() - delivery.emitted_at_ms) / 1000,
    labels,
    LATENCY_SECONDS_BUCKETS,
  );
}

// Capped, so a scrape stays cheap on a huge backlog.
const BACKLOG_SQL = `
  WITH due AS (SELECT status FROM delivery_logs
    WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= $1::timestamptz LIMIT 100000)
  SELECT
    (SELECT count(*) FILTER (WHERE status = 'PENDING') FROM due)::int AS due_pending,
    (SELECT count(*) FILTER (WHERE status = 'RETRYING') FROM due)::int AS due_retrying,
    (SELECT COALESCE(EXTRACT(EPOCH FROM $1::timestamptz - min(next_attempt_at)), 0)::float8 FROM delivery_logs
      WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= $1::timestamptz) AS oldest_due_seconds,
    (SELECT count(*)::int FROM (SELECT 1 FROM event_logs
      WHERE status IN ('PENDING', 'PROCESSING') LIMIT 100000) queued) AS queued`;

type BacklogRow = { due_pending: number; due_retrying: number; oldest_due_seconds: number; queued: number };

/**
 * Backlog gauges read at each scrape, from the database (due deliveries, open event logs) and the
 * queue (messages ready): the same figures from every process.
 */
export function collectBacklog(ctx: AppContext) {
  ctx.metrics.collect(async (set) => {
    const [row] = await ctx.database.query<BacklogRow>(BACKLOG_SQL, [ctx.clock()], 'metrics_backlog');
    if (!row) return;
    const help = 'Deliveries due now and not yet sent, by status (capped at 100000 in all)';
    set('webhook_deliveries_due', help, row.due_pending, { status: 'PENDING' });
    set('webhook_deliveries_due', help, row.due_retrying, { status: 'RETRYING' });
    set(
      'webhook_deliveries_oldest_due_seconds',
      'How long the oldest due delivery has waited',
      Number(row.oldest_due_seconds),
    );
    set('webhook_event_logs_open', 'Queued events PENDING or PROCESSING (capped at 100000)', row.queued);
  });
  const { queue } = ctx;
  if (!queue) return;
  ctx.metrics.collect(async (set) => {
    set(
      'webhook_queue_messages_ready',
      'Queue messages waiting for a consumer (database queue: capped at 100000)',
      await queue.countReady(),
      { backend: queue.kind },
    );
  });
}
