-- A reprocess of a kept inbound request keeps what the request was (its status, event type and the
-- event log it led to when received) and adds its new rules log to this list, oldest first. No key:
-- a log dropped by retention leaves its id behind, and readers join on the logs that remain.
ALTER TABLE inbound_requests ADD COLUMN reprocess_event_log_ids uuid[] NOT NULL DEFAULT '{}';
