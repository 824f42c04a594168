-- External ids are searched whole, by equality: as trigrams, ids sharing a prefix ('pedido-…') made
-- every search read posting lists as long as the table. Trigrams stay for the free text.
DROP INDEX event_logs_search_idx;
CREATE INDEX event_logs_search_idx ON event_logs USING gin (
  event_type gin_trgm_ops, organization_id gin_trgm_ops, error_message gin_trgm_ops);
CREATE INDEX event_logs_external_idx ON event_logs (external_event_id);
