-- The per-subscription and per-event indexes of the delivery logs, ascending: each list reads them
-- backwards for newest first, and new rows then land at the right end of their key's range, whose
-- pages split full, where a descending index inserts at the range's left end and leaves pages half
-- empty. The occurrences' index by event serves only the cascade of an event's deletion (no query
-- orders an event's occurrences): on event_id alone its entries share one key per event and are
-- stored deduplicated, a few bytes each instead of a whole entry.
DROP INDEX delivery_logs_subscription_idx;
CREATE INDEX delivery_logs_subscription_idx ON delivery_logs (subscription_id, created_at);
DROP INDEX delivery_logs_event_idx;
CREATE INDEX delivery_logs_event_idx ON delivery_logs (event_id, created_at);
DROP INDEX occurrences_event_idx;
CREATE INDEX occurrences_event_idx ON occurrences (event_id);
