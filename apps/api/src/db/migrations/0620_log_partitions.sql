-- Retention: the log tables are partitioned by day on their UUIDv7 ids (a day's partition holds the
-- ids [first id of the day, first id of the next day)), so expired days are dropped whole instead of
-- deleted row by row. Each existing table is kept as it is and attached as the "legacy" partition of
-- everything up to the end of the day of its newest row (no copy); new days get their own partitions,
-- created ahead by the app; the DEFAULT partition "_kept" holds what the purge keeps past its day
-- (unfinished deliveries and logs) and any row written before its day's partition exists.

-- A partitioned table's unique keys must contain the partition key: the idempotency keys (unique per
-- application, for 24 hours) move to their own table, expired by the emit path and the purge.
CREATE TABLE occurrence_keys (
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  occurrence_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, idempotency_key)
);
CREATE INDEX occurrence_keys_created_idx ON occurrence_keys (created_at);
INSERT INTO occurrence_keys (application_id, idempotency_key, occurrence_id, created_at)
  SELECT application_id, idempotency_key, id, created_at FROM occurrences WHERE idempotency_key IS NOT NULL;
DROP INDEX occurrences_idempotency_key;

-- Rows of different days refer to each other (a delivery's attempts come later, a queued
-- occurrence's logs too): foreign keys between the log tables would forbid dropping a day whose
-- rows a newer day still names. Their cascades are kept by the remaining keys (logs go with their
-- subscription, occurrences and event logs with their event and application); the purge keeps
-- together what an unfinished row needs.
ALTER TABLE delivery_attempts DROP CONSTRAINT delivery_attempts_delivery_log_id_fkey;
ALTER TABLE delivery_logs DROP CONSTRAINT delivery_logs_occurrence_id_fkey;
ALTER TABLE rule_executions DROP CONSTRAINT rule_executions_event_log_id_fkey;
-- (On a database made before the ingest routes, their table comes later and refers to the partitioned
-- table: the purge then clears the link itself, as ON DELETE SET NULL would.)
ALTER TABLE IF EXISTS inbound_requests DROP CONSTRAINT IF EXISTS inbound_requests_event_log_id_fkey;

-- A delivery log's id is derived from (occurrence, subscription) in its occurrence's day, so the
-- primary key now says what the unique (occurrence_id, subscription_id) said; lookups by
-- occurrence keep a plain index.
DROP TRIGGER delivery_log_counts_insert ON delivery_logs;
DROP TRIGGER delivery_log_counts_update ON delivery_logs;
DROP TRIGGER delivery_log_counts_delete ON delivery_logs;

CREATE FUNCTION wm_partition_by_day(tbl text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  newest uuid;
  bound uuid;
  idx record;
BEGIN
  EXECUTE format('SELECT id FROM %I ORDER BY id DESC LIMIT 1', tbl) INTO newest;
  IF newest IS NOT NULL THEN
    -- The first id of the day after the newest row's (a UUIDv7 starts with its Unix time in ms).
    bound := (lpad(to_hex(((('x' || substr(replace(newest::text, '-', ''), 1, 12))::bit(48)::bigint
      / 86400000) + 1) * 86400000), 12, '0') || '00000000000000000000')::uuid;
  END IF;
  FOR idx IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = tbl LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', idx.indexname, left(idx.indexname, 56) || '_legacy');
  END LOOP;
  -- The parent's foreign keys apply to every partition; the table's own would be checked twice.
  FOR idx IN SELECT conname FROM pg_constraint WHERE conrelid = tbl::regclass AND contype = 'f' LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', tbl, idx.conname);
  END LOOP;
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, tbl || '_legacy');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS) PARTITION BY RANGE (id)', tbl, tbl || '_legacy');
  IF newest IS NULL THEN
    -- Nothing to keep: one partition fewer for every statement to plan.
    EXECUTE format('DROP TABLE %I', tbl || '_legacy');
  ELSE
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', tbl, tbl || '_legacy', bound);
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_kept', tbl);
END $$;

SELECT wm_partition_by_day('occurrences');
SELECT wm_partition_by_day('delivery_logs');
SELECT wm_partition_by_day('delivery_attempts');
SELECT wm_partition_by_day('event_logs');
DROP FUNCTION wm_partition_by_day(text);

-- The same keys and indexes on the parents: an identical index already on the legacy partition is
-- attached, not built again.
ALTER TABLE occurrences ADD PRIMARY KEY (id);
ALTER TABLE occurrences ADD FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE;
ALTER TABLE occurrences ADD FOREIGN KEY (application_id) REFERENCES applications(id) ON DELETE CASCADE;
CREATE INDEX occurrences_event_idx ON occurrences (event_id, created_at DESC);
CREATE INDEX occurrences_callback_pending_idx ON occurrences (created_at) WHERE callback_pending;

ALTER TABLE delivery_logs ADD PRIMARY KEY (id);
ALTER TABLE delivery_logs ADD FOREIGN KEY (subscription_id) REFERENCES subscriptions(id) ON DELETE CASCADE;
CREATE INDEX delivery_logs_due_idx ON delivery_logs (next_attempt_at) WHERE status IN ('PENDING', 'RETRYING');
CREATE INDEX delivery_logs_created_status_idx ON delivery_logs (created_at DESC, id DESC) INCLUDE (status);
CREATE INDEX delivery_logs_status_created_idx ON delivery_logs (status, created_at DESC, id DESC);
CREATE INDEX delivery_logs_subscription_idx ON delivery_logs (subscription_id, created_at DESC);
CREATE INDEX delivery_logs_event_idx ON delivery_logs (event_id, created_at DESC);
CREATE INDEX delivery_logs_occurrence_idx ON delivery_logs (occurrence_id, subscription_id);
DROP INDEX IF EXISTS delivery_logs_occurrence_subscription_key_legacy;

ALTER TABLE delivery_attempts ADD PRIMARY KEY (id);
CREATE INDEX delivery_attempts_log_idx ON delivery_attempts (delivery_log_id, attempt_number);

ALTER TABLE event_logs ADD PRIMARY KEY (id);
ALTER TABLE event_logs ADD FOREIGN KEY (application_id) REFERENCES applications(id) ON DELETE CASCADE;
ALTER TABLE event_logs ADD FOREIGN KEY (event_definition_id) REFERENCES events(id) ON DELETE CASCADE;
CREATE INDEX event_logs_created_idx ON event_logs (created_at DESC, id DESC);
CREATE INDEX event_logs_status_idx ON event_logs (status, created_at DESC);
CREATE INDEX event_logs_app_idx ON event_logs (application_id, created_at DESC);
CREATE INDEX event_logs_event_idx ON event_logs (event_id);
CREATE INDEX event_logs_external_idx ON event_logs (external_event_id);
CREATE INDEX event_logs_search_idx ON event_logs USING gin (
  event_type gin_trgm_ops, organization_id gin_trgm_ops, error_message gin_trgm_ops);

-- The per-status counts, now kept on the parent (a partition may not carry transition tables).
CREATE TRIGGER delivery_log_counts_insert AFTER INSERT ON delivery_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_log_counts_apply();
CREATE TRIGGER delivery_log_counts_update AFTER UPDATE ON delivery_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_log_counts_apply();
CREATE TRIGGER delivery_log_counts_delete AFTER DELETE ON delivery_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_log_counts_apply();

-- Space for HOT claims on the partitions made from now on is set where they are created.
ALTER TABLE delivery_logs_kept SET (fillfactor = 80);
