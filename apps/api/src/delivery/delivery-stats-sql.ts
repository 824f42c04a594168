/**
 * The per-minute delivery figures (`delivery_stats_minutes`, `delivery_duration_minutes`) are
 * written by the statements that record attempts and create delivery logs, in the same statement:
 * these are the pieces they share. A duration bucket b >= 1 holds [2^((b-1)/8), 2^(b/8)) ms
 * (within 4.5 % of its middle); 0 holds durations under 1 ms.
 *
 * Each INSERT … SELECT orders its rows by the key, so concurrent statements take the rows' locks in
 * the same order.
 */

const BUCKETS_PER_DOUBLING = 8;

/** SQL: the duration bucket of an integer number of milliseconds. */
export const durationBucketSql = (milliseconds: string) =>
  `(CASE WHEN ${milliseconds} < 1 THEN 0
    ELSE least(200, 1 + floor(${BUCKETS_PER_DOUBLING} * ln(${milliseconds}) / ln(2))) END)::smallint`;

/** The middle of a duration bucket (its geometric mean), in whole milliseconds. */
export function durationOfBucket(bucket: number): number {
  if (bucket <= 0) return 0;
  return Math.round(2 ** ((bucket - 0.5) / BUCKETS_PER_DOUBLING));
}

/**
 * `INSERT … SELECT subscription_id, minute, success, retrying, failed, ignored` into the counts,
 * adding to a row already there.
 */
export const addDeliveryCounts = (select: string) => `
  INSERT INTO delivery_stats_minutes AS m (subscription_id, minute, success, retrying, failed, ignored)
  ${select}
  ON CONFLICT (subscription_id, minute) DO UPDATE SET success = m.success + excluded.success,
    retrying = m.retrying + excluded.retrying, failed = m.failed + excluded.failed,
    ignored = m.ignored + excluded.ignored`;

/** `INSERT … SELECT subscription_id, minute, duration_bucket, n` into the durations histogram. */
export const addDeliveryDurations = (select: string) => `
  INSERT INTO delivery_duration_minutes AS m (subscription_id, minute, duration_bucket, n)
  ${select}
  ON CONFLICT (subscription_id, minute, duration_bucket) DO UPDATE SET n = m.n + excluded.n`;

/**
 * SQL: the counts and durations of attempt results a CTE named `source` holds (subscription_id,
 * status, started_at, duration_ms), as two CTEs named `attempt_counts` and `attempt_durations`.
 */
export const addAttemptStats = (source: string) => `attempt_counts AS (${addDeliveryCounts(`
      SELECT subscription_id, date_trunc('minute', started_at),
        count(*) FILTER (WHERE status = 'SUCCESS')::int, count(*) FILTER (WHERE status = 'RETRYING')::int,
        count(*) FILTER (WHERE status = 'FAILED')::int, 0
      FROM ${source} GROUP BY 1, 2 ORDER BY 1, 2`)}
    ),
    attempt_durations AS (${addDeliveryDurations(`
      SELECT subscription_id, date_trunc('minute', started_at), ${durationBucketSql('duration_ms')}, count(*)::int
      FROM ${source} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)}
    )`;

/** SQL: the IGNORED counts of the delivery logs a CTE named `source` returned (subscription_id, status, created_at). */
export const addIgnoredDeliveryStats = (source: string) =>
  addDeliveryCounts(`
  SELECT subscription_id, date_trunc('minute', created_at), 0, 0, 0, count(*)::int
  FROM ${source} WHERE status = 'IGNORED'
  GROUP BY 1, 2 ORDER BY 1, 2`);
