-- Free-text search of the lists (ILIKE '%term%') through trigram indexes instead of a scan: the
-- event logs' own text columns (a large table), and the subscription and event names a delivery
-- log search looks up before reading the logs by subscription. PGlite loads the same extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX event_logs_search_idx ON event_logs USING gin (
  event_type gin_trgm_ops, organization_id gin_trgm_ops, external_event_id gin_trgm_ops,
  error_message gin_trgm_ops);
CREATE INDEX subscriptions_search_idx ON subscriptions USING gin (
  name gin_trgm_ops, target_url gin_trgm_ops);
CREATE INDEX events_search_idx ON events USING gin (name gin_trgm_ops, alias gin_trgm_ops);
