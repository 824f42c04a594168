-- What the foreign keys between the log tables did on delete, kept now that those keys are gone
-- (rows of different days refer to each other, which would forbid dropping a day). A delivery log
-- deleted with its subscription or application takes its attempts along; an event log deleted with
-- its application leaves its rule executions and inbound requests without the link, as ON DELETE SET
-- NULL did. A row the purge moves to the kept partition is deleted and inserted in one statement, and
-- these run at its end: the log is there again, and nothing of it is touched. Dropped partitions fire
-- no row triggers.
CREATE FUNCTION wm_delete_delivery_log_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM delivery_logs WHERE id = OLD.id) THEN
    DELETE FROM delivery_attempts WHERE delivery_log_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER delivery_logs_delete_attempts AFTER DELETE ON delivery_logs
  FOR EACH ROW EXECUTE FUNCTION wm_delete_delivery_log_attempts();

CREATE FUNCTION wm_unlink_event_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM event_logs WHERE id = OLD.id) THEN
    UPDATE rule_executions SET event_log_id = NULL WHERE event_log_id = OLD.id;
    UPDATE inbound_requests SET event_log_id = NULL WHERE event_log_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER event_logs_unlink AFTER DELETE ON event_logs
  FOR EACH ROW EXECUTE FUNCTION wm_unlink_event_log();
