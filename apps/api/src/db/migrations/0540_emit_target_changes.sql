-- Every process caches what an emit fans out to per (application, alias, key hash): the key check,
-- the event and its subscriptions. A change to any column that answer reads (inserts and deletes,
-- cascades of deleted applications and events included) tells every listening process at commit.
-- Updates that touch none of them (the counters and timestamps written by every delivery) stay
-- silent, or each delivery would empty the cache; a notification repeated in one transaction is
-- delivered once.
CREATE FUNCTION notify_emit_targets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wm_emit_targets_changed', NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER applications_emit_targets_added_or_removed AFTER INSERT OR DELETE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION notify_emit_targets_changed();
CREATE TRIGGER applications_emit_targets_changed AFTER UPDATE OF id, api_key_hash ON applications
  FOR EACH ROW WHEN ((OLD.id, OLD.api_key_hash) IS DISTINCT FROM (NEW.id, NEW.api_key_hash))
  EXECUTE FUNCTION notify_emit_targets_changed();

CREATE TRIGGER events_emit_targets_added_or_removed AFTER INSERT OR DELETE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_emit_targets_changed();
CREATE TRIGGER events_emit_targets_changed AFTER UPDATE OF id, application_id, alias, name, status,
  queue_type, body_template, enable_callbacks, priority, message_ttl, max_retries ON events
  FOR EACH ROW WHEN ((OLD.id, OLD.application_id, OLD.alias, OLD.name, OLD.status, OLD.queue_type,
      OLD.body_template::text, OLD.enable_callbacks, OLD.priority, OLD.message_ttl, OLD.max_retries)
    IS DISTINCT FROM (NEW.id, NEW.application_id, NEW.alias, NEW.name, NEW.status, NEW.queue_type,
      NEW.body_template::text, NEW.enable_callbacks, NEW.priority, NEW.message_ttl, NEW.max_retries))
  EXECUTE FUNCTION notify_emit_targets_changed();

CREATE TRIGGER subscriptions_emit_targets_added_or_removed AFTER INSERT OR DELETE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_emit_targets_changed();
-- status covers the delivery engine's auto-disable (ACTIVE to FAILED) and a reactivation.
CREATE TRIGGER subscriptions_emit_targets_changed AFTER UPDATE OF id, event_id, status, filters,
  json_body, target_url, http_method, auth_type, auth_details, secret, created_at ON subscriptions
  FOR EACH ROW WHEN ((OLD.id, OLD.event_id, OLD.status, OLD.filters::text, OLD.json_body::text,
      OLD.target_url, OLD.http_method, OLD.auth_type, OLD.auth_details::text, OLD.secret, OLD.created_at)
    IS DISTINCT FROM (NEW.id, NEW.event_id, NEW.status, NEW.filters::text, NEW.json_body::text,
      NEW.target_url, NEW.http_method, NEW.auth_type, NEW.auth_details::text, NEW.secret, NEW.created_at))
  EXECUTE FUNCTION notify_emit_targets_changed();
