-- Delivery log list: newest first within a status (status filter and the stats cards).
CREATE INDEX delivery_logs_status_created_idx ON delivery_logs (status, created_at DESC, id DESC);
-- Stats of one subscription's logs without reading the rows.
CREATE INDEX delivery_logs_subscription_status_idx ON delivery_logs (subscription_id, status);
CREATE INDEX delivery_logs_event_status_idx ON delivery_logs (event_id, status);
