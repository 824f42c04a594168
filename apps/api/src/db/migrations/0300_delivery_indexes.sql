-- Delivery log list: newest first within a status (status filter and the stats cards).
CREATE INDEX delivery_logs_status_created_idx ON delivery_logs (status, created_at DESC, id DESC);
-- Stats of one subscription's logs without reading the rows.
CREATE INDEX delivery_logs_subscription_status_idx ON delivery_logs (subscription_id, status);
CREATE INDEX delivery_logs_event_status_idx ON delivery_logs (event_id, status);

-- Counts of delivery logs per (subscription, status) for the stats cards, kept by
-- statement-level triggers (one aggregated upsert per statement, not per row).
-- Spread over 16 shards so concurrent emits and workers rarely wait on one row.
CREATE TABLE delivery_log_counts (
  subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  status text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (subscription_id, status, shard)
);

CREATE FUNCTION delivery_log_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO delivery_log_counts (subscription_id, status, shard, n)
    SELECT subscription_id, status, floor(random() * 16)::smallint, count(*)
    FROM new_rows GROUP BY subscription_id, status ORDER BY subscription_id, status
    ON CONFLICT (subscription_id, status, shard) DO UPDATE SET n = delivery_log_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO delivery_log_counts (subscription_id, status, shard, n)
    SELECT subscription_id, status, floor(random() * 16)::smallint, sum(delta)
    FROM (
      SELECT subscription_id, status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT subscription_id, status, -1 AS delta FROM old_rows
    ) AS changes
    GROUP BY subscription_id, status HAVING sum(delta) <> 0 ORDER BY subscription_id, status
    ON CONFLICT (subscription_id, status, shard) DO UPDATE SET n = delivery_log_counts.n + excluded.n;
  ELSE
    -- Logs deleted with their subscription take its counters along (FK cascade); only others are adjusted.
    INSERT INTO delivery_log_counts (subscription_id, status, shard, n)
    SELECT o.subscription_id, o.status, floor(random() * 16)::smallint, -count(*)
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = o.subscription_id)
    GROUP BY o.subscription_id, o.status ORDER BY o.subscription_id, o.status
    ON CONFLICT (subscription_id, status, shard) DO UPDATE SET n = delivery_log_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER delivery_log_counts_insert AFTER INSERT ON delivery_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_log_counts_apply();
CREATE TRIGGER delivery_log_counts_update AFTER UPDATE ON delivery_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_log_counts_apply();
CREATE TRIGGER delivery_log_counts_delete AFTER DELETE ON delivery_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_log_counts_apply();

-- Room on each page so a claim (lease columns only) can be a HOT update.
ALTER TABLE delivery_logs SET (fillfactor = 80);
