-- One index for the console's delivery log lists instead of two near-identical ones: newest first
-- by (created_at, id), with status as its last key column, so a status filter is checked on the
-- index entries (an index condition, no heap visit for the rows it rejects) while the same order
-- serves the unfiltered list and the per-status counts of a date range. Each delivery wrote an
-- entry in both, and a second pair each time its status changed.
DROP INDEX delivery_logs_created_status_idx;
DROP INDEX delivery_logs_status_created_idx;
CREATE INDEX delivery_logs_created_status_idx ON delivery_logs (created_at DESC, id DESC, status);
