-- Operational events (a subscription disabled or enabled again, a circuit opened or closed, a delivery
-- whose retries are spent, a route's sender failing verification) are written by triggers in the
-- statement that makes the change: whichever code path makes it, and a process dying right after the
-- commit loses none. The `operational_events` job reads the unprocessed ones, turns each into its
-- recipients' notifications and marks it processed.
CREATE TABLE operational_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  subscription_id uuid,
  route_id uuid,
  delivery_log_id uuid,
  -- The machine reason ('GONE', 'CONSECUTIVE_FAILURES', 'CIRCUIT_OPEN') or the error text.
  reason text,
  -- At most one event per key: an ingest verification failure per route and minute.
  dedupe_key text,
  occurred_at timestamptz NOT NULL,
  -- The payload as the job built it (names, last errors, console link).
  payload jsonb,
  processed_at timestamptz
);
CREATE INDEX operational_events_pending_idx ON operational_events (occurred_at) WHERE processed_at IS NULL;
CREATE UNIQUE INDEX operational_events_dedupe_key ON operational_events (dedupe_key);

-- A user's notification of one operational event; the unique key makes a job run repeated after a
-- crash harmless.
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  operational_event_id uuid NOT NULL,
  type text NOT NULL,
  title text NOT NULL,
  message text NOT NULL,
  link text NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE UNIQUE INDEX notifications_event_user_key ON notifications (operational_event_id, user_id);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- A subscription set FAILED (by the engine: 410, failures in a row, a circuit open too long), or
-- set ACTIVE again from FAILED by its owner.
CREATE FUNCTION wm_subscription_operational_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operational_events (type, subscription_id, reason, occurred_at)
  VALUES (
    CASE WHEN NEW.status = 'FAILED' THEN 'subscription.disabled' ELSE 'subscription.enabled' END,
    NEW.id,
    CASE WHEN NEW.status = 'FAILED' THEN NEW.disabled_reason END,
    NEW.updated_at);
  RETURN NULL;
END $$;
CREATE TRIGGER subscriptions_operational_events AFTER UPDATE OF status ON subscriptions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    AND (NEW.status = 'FAILED' OR (OLD.status = 'FAILED' AND NEW.status = 'ACTIVE')))
  EXECUTE FUNCTION wm_subscription_operational_event();

-- A circuit opening, and closing on a success: told by open_since, set when it first leaves CLOSED
-- and cleared only by a success (a probe dropped for want of a delivery closes it provisionally,
-- keeping open_since: no news). Only for an ACTIVE subscription: a disabled one's circuit is no news.
CREATE FUNCTION wm_circuit_operational_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operational_events (type, subscription_id, occurred_at)
  SELECT CASE WHEN NEW.open_since IS NULL THEN 'subscription.circuit_closed'
      ELSE 'subscription.circuit_opened' END,
    NEW.subscription_id, NEW.changed_at
  WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = NEW.subscription_id AND s.status = 'ACTIVE');
  RETURN NULL;
END $$;
CREATE TRIGGER endpoint_circuits_operational_events AFTER UPDATE OF open_since ON endpoint_circuits
  FOR EACH ROW WHEN ((OLD.open_since IS NULL) <> (NEW.open_since IS NULL))
  EXECUTE FUNCTION wm_circuit_operational_event();

-- A delivery ending FAILED. Statement-level, as the other triggers of this hot table: one insert
-- per batch of results, not one call per row.
CREATE FUNCTION wm_delivery_failed_operational_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operational_events (type, subscription_id, delivery_log_id, reason, occurred_at)
  SELECT 'delivery.failed', n.subscription_id, n.id, left(n.error_message, 500), n.updated_at
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'FAILED' AND o.status <> 'FAILED'
  ORDER BY n.id;
  RETURN NULL;
END $$;
CREATE TRIGGER delivery_logs_operational_events AFTER UPDATE ON delivery_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION wm_delivery_failed_operational_events();

-- A route's sender failing verification: at most one event per route and minute.
CREATE FUNCTION wm_ingest_operational_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operational_events (type, route_id, reason, dedupe_key, occurred_at)
  VALUES ('ingest.verification_failed', NEW.route_id, left(NEW.verification_error, 500),
    'ingest.verification_failed:' || NEW.route_id || ':' || floor(extract(epoch FROM NEW.created_at) / 60),
    NEW.created_at)
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER inbound_requests_operational_events AFTER INSERT ON inbound_requests
  FOR EACH ROW WHEN (NOT NEW.is_verified)
  EXECUTE FUNCTION wm_ingest_operational_event();
