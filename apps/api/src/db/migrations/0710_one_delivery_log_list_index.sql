-- One index for the console's delivery log lists instead of two near-identical ones: by
-- (created_at, id), read backwards for newest first, with status as its last key column, so a
-- status filter is checked on the index entries (an index condition, no heap visit for the rows it
-- rejects) while the same order serves the unfiltered list and the per-status counts of a date
-- range. Each delivery wrote an entry in both, and a second pair each time its status changed.
-- Ascending: new rows land at its right end, whose pages split full, where a descending index
-- inserts at its left end and leaves every page half empty.
DROP INDEX delivery_logs_created_status_idx;
DROP INDEX delivery_logs_status_created_idx;
CREATE INDEX delivery_logs_created_status_idx ON delivery_logs (created_at, id, status);
