-- Every index on delivery_logs is paid on each insert and on each status change (a non-HOT
-- update), twice per delivery: keep only those a query uses.
-- The (occurrence_id, subscription_id) key already serves lookups by occurrence.
DROP INDEX delivery_logs_occurrence_idx;
-- Stats per subscription and per event come from delivery_log_counts.
DROP INDEX delivery_logs_subscription_status_idx;
DROP INDEX delivery_logs_event_status_idx;
-- Newest first, with the status inside, so counts per status over a date range read only the index.
CREATE INDEX delivery_logs_created_status_idx ON delivery_logs (created_at DESC, id DESC) INCLUDE (status);
DROP INDEX delivery_logs_created_idx;
