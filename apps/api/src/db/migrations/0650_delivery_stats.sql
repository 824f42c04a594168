-- What happened to each subscription's deliveries, minute by minute, for the traffic charts and the
-- subscription health card, written by the statements that record attempts and create delivery
-- logs, in the same statement, aggregated per batch: reading a day is reading at most 1,440 rows per
-- subscription instead of its logs.
-- Attempts by outcome (success; retrying: failed and to be retried; failed: failed for good) and
-- deliveries ignored by their filters, one row per subscription and minute.
CREATE TABLE delivery_stats_minutes (
  subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  success integer NOT NULL DEFAULT 0,
  retrying integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  ignored integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subscription_id, minute)
);
-- Every subscription over a time range (an admin's charts).
CREATE INDEX delivery_stats_minutes_minute_idx ON delivery_stats_minutes (minute);
-- The attempts' durations, a histogram per subscription and minute: bucket b >= 1 holds
-- [2^((b-1)/8), 2^(b/8)) ms, 0 holds durations under 1 ms. Read for one subscription's p50/p95.
CREATE TABLE delivery_duration_minutes (
  subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  duration_bucket smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (subscription_id, minute, duration_bucket)
);
