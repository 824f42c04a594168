-- What happened to each subscription's deliveries, minute by minute, for the traffic charts and the
-- subscription health card: attempts by outcome (SUCCESS, RETRYING: failed and to be retried,
-- FAILED: failed for good) in the bucket of their duration, and deliveries IGNORED by their filters
-- (duration_bucket -1). Written by the statements that record attempts and create delivery logs, in
-- the same statement, aggregated per batch, so reading a day is reading at most 1,440 minutes per
-- subscription instead of its logs. A duration bucket b >= 1 holds [2^((b-1)/8), 2^(b/8)) ms.
CREATE TABLE delivery_stats_minutes (
  subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  status text NOT NULL,
  duration_bucket smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (subscription_id, minute, status, duration_bucket)
);
-- Every subscription over a time range (an admin's charts).
CREATE INDEX delivery_stats_minutes_minute_idx ON delivery_stats_minutes (minute);
