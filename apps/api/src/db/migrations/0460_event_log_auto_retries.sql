-- retry_count counts reprocess requests (the console's n/3 and its limit of 3); the consumer's
-- automatic retries, bounded by the event's maxRetries, are counted apart so that they never use
-- up the reprocesses an operator has once the receiver is fixed.
ALTER TABLE event_logs ADD COLUMN auto_retry_count integer NOT NULL DEFAULT 0;

-- Occurrences whose event has callbacks on and whose report has not gone yet: what the delivery
-- workers sweep, so a report is not lost to a crash or to an emit handled by an API-only process.
ALTER TABLE occurrences ADD COLUMN callback_pending boolean NOT NULL DEFAULT false;
CREATE INDEX occurrences_callback_pending_idx ON occurrences (created_at) WHERE callback_pending;
