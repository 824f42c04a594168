-- A rules consumer caches the compiled rules and forgets them on the wm_rules_changed notification,
-- which nothing orders before a queue message published after the same commit: under load a worker
-- could run rules one change old. The rules' version counts committed changes in commit order; the
-- consumer reads it in the statement that starts each message and reloads when its cache is older.
CREATE TABLE change_versions (
  channel text PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO change_versions (channel, version) VALUES ('wm_rules_changed', 0);

-- Deferred to commit and run once per transaction: taking the counter's row lock last orders the
-- commits that change rules without letting two of them wait on each other for other rows. The
-- notification carries the version, so a process that already read it skips the repeat.
CREATE FUNCTION bump_rules_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  IF current_setting('wm.rules_version_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('wm.rules_version_bumped', 'on', true);
  UPDATE change_versions SET version = version + 1 WHERE channel = 'wm_rules_changed'
    RETURNING version INTO bumped;
  PERFORM pg_notify('wm_rules_changed', bumped::text);
  RETURN NULL;
END $$;

DROP TRIGGER rules_changed ON rules;
DROP TRIGGER routes_changed ON routes;
DROP TRIGGER route_event_types_changed ON route_event_types;
DROP TRIGGER route_event_types_inserted ON route_event_types;
DROP FUNCTION notify_rules_changed();

-- Row triggers (a deferred trigger cannot be per statement), cascades of deleted events, types and
-- routes included; a rolled-back change runs none. A new event type counts too: the ingest endpoint
-- caches each route with its event types.
CREATE CONSTRAINT TRIGGER rules_changed AFTER INSERT OR UPDATE OR DELETE ON rules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_rules_version();
CREATE CONSTRAINT TRIGGER routes_changed AFTER UPDATE OR DELETE ON routes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_rules_version();
CREATE CONSTRAINT TRIGGER route_event_types_changed AFTER INSERT OR UPDATE OR DELETE ON route_event_types
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_rules_version();
