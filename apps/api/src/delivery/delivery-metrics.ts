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

const DEFERRAL_PATHS = ['immediate', 'queued'] as const;
const DEFERRAL_REASONS = ['circuit', 'saturated', 'rate_limit'] as const;

/** Deliveries put off without an attempt (no retry spent): circuit open, endpoint saturated, or over its rate. */
export function countDeferrals(
  metrics: AppContext['metrics'],
  path: (typeof DEFERRAL_PATHS)[number],
  reason: (typeof DEFERRAL_REASONS)[number],
  count = 1,
) {
  metrics.increment(
    'webhook_delivery_deferrals_total',
    'Deliveries put off without an attempt or a retry spent, by path and reason',
    { path, reason },
    count,
  );
}

/** Every deferral series at zero from the start, so a rate over them is defined before the first deferral. */
export function declareDeferrals(metrics: AppContext['metrics']) {
  for (const path of DEFERRAL_PATHS) {
    for (const reason of DEFERRAL_REASONS) countDeferrals(metrics, path, reason, 0);
  }
}

/**
 * This process's deliveries being sent: all of them, and the most one subscription holds (a
 * saturating endpoint shows without its name). No subscription ids: /metrics may be public, and
 * each id would be a series; `GET /v1/subscriptions/{id}/health` answers per subscription.
 */
export function reportInFlight(ctx: AppContext, read: () => Map<string, number>): () => void {
  let isStopped = false;
  ctx.metrics.collect((set) => {
    if (isStopped) return;
    const counts = [...read().values()];
    set(
      'webhook_deliveries_in_flight',
      'Deliveries being sent by this process',
      counts.reduce((total, count) => total + count, 0),
    );
    set(
      'webhook_subscription_in_flight_max',
      'The most deliveries one subscription has being sent by this process',
      Math.max(0, ...counts),
    );
  });
  return () => {
    isStopped = true;
  };
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
      WHERE status IN ('PENDING', 'PROCESSING') LIMIT 100000) queued) AS queued,
    (SELECT json_object_agg(state, n) FROM (SELECT state, count(*)::int AS n FROM endpoint_circuits
      GROUP BY state) c) AS circuits`;

type BacklogRow = {
  due_pending: number;
  due_retrying: number;
  oldest_due_seconds: number;
  queued: number;
  circuits: Record<string, number> | null;
};

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
    const circuitsHelp =
      'Subscriptions by circuit breaker state (CLOSED: those that have failed since their last success)';
    for (const state of ['CLOSED', 'OPEN', 'HALF_OPEN']) {
      set('webhook_circuits', circuitsHelp, row.circuits?.[state] ?? 0, { state });
    }
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
