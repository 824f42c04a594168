-- The logs of an occurrence are looked up by occurrence alone (its callbacks, the sweeps, a queued
-- event's open deliveries); one (occurrence, subscription) is its derived primary key. On
-- occurrence_id alone the index's entries are half the size, and a fan-out's share one key.
DROP INDEX delivery_logs_occurrence_idx;
CREATE INDEX delivery_logs_occurrence_idx ON delivery_logs (occurrence_id);
