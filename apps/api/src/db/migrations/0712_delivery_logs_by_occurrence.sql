-- The logs of an occurrence are looked up by occurrence alone (its callbacks, the sweeps, a queued
-- event's open deliveries); one (occurrence, subscription) is its derived primary key. On
-- occurrence_id alone the index's entries are half the size, and a fan-out's share one key.
-- (IF EXISTS: 0620 creates it; a check of 0620 applies every other migration before it.)
DROP INDEX IF EXISTS delivery_logs_occurrence_idx;
CREATE INDEX delivery_logs_occurrence_idx ON delivery_logs (occurrence_id);
