/**
 * The per-minute delivery figures (`delivery_stats_minutes`) are written by the statements that
 * record attempts and create delivery logs, in the same statement: these are the pieces they share.
 * A duration bucket b >= 1 holds [2^((b-1)/8), 2^(b/8)) ms (within 4.5 % of its middle); 0 holds
 * durations under 1 ms; -1 marks a row without a duration (an IGNORED delivery).
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
 * `INSERT … SELECT subscription_id, minute, status, duration_bucket, n` into the figures, adding to
 * a row already there. The SELECT must order its rows by the key, so that concurrent statements
 * take the rows' locks in the same order.
 */
export const addDeliveryStats = (select: string) => `
  INSERT INTO delivery_stats_minutes AS m (subscription_id, minute, status, duration_bucket, n)
  ${select}
  ON CONFLICT (subscription_id, minute, status, duration_bucket) DO UPDATE SET n = m.n + excluded.n`;

/** SQL: the IGNORED figures of the delivery logs a CTE named `source` returned (subscription_id, status, created_at). */
export const addIgnoredDeliveryStats = (source: string) =>
  addDeliveryStats(`
  SELECT subscription_id, date_trunc('minute', created_at), 'IGNORED', -1::smallint, count(*)::int
  FROM ${source} WHERE status = 'IGNORED'
  GROUP BY 1, 2 ORDER BY 1, 2`);
