-- Per-endpoint isolation. A subscription may limit its deliveries per second (across every
-- process) and its sends at once (per process); null means no rate limit and the default share.
ALTER TABLE subscriptions ADD COLUMN rate_limit_per_second integer;
ALTER TABLE subscriptions ADD COLUMN max_in_flight integer;

-- The circuit breaker of each subscription that has failed, shared by every process: consecutive
-- failed attempts, CLOSED / OPEN (until open_until) / HALF_OPEN (one probe, leased to probe_by
-- until probe_until), and how many times in a row it opened (the cool-down grows with it).
CREATE TABLE endpoint_circuits (
  subscription_id uuid PRIMARY KEY REFERENCES subscriptions (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'CLOSED',
  consecutive_failures integer NOT NULL DEFAULT 0,
  open_count integer NOT NULL DEFAULT 0,
  open_until timestamptz,
  probe_by text,
  probe_until timestamptz,
  changed_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- What the claim and every process's cache read: the few circuits that are not closed.
CREATE INDEX endpoint_circuits_not_closed_idx ON endpoint_circuits (subscription_id) WHERE state <> 'CLOSED';

-- The rate limit of each limited subscription: the earliest start of its next send (a GCRA, as
-- queue_pacing for an event's pacing), taken atomically by every process.
CREATE TABLE subscription_rate_limits (
  subscription_id uuid PRIMARY KEY REFERENCES subscriptions (id) ON DELETE CASCADE,
  next_at timestamptz NOT NULL
);

-- Emits hand deliveries over with the subscription's limits: a change of them must empty every
-- process's emit target cache, like any column that answer reads.
DROP TRIGGER subscriptions_emit_targets_changed ON subscriptions;
CREATE TRIGGER subscriptions_emit_targets_changed AFTER UPDATE OF id, event_id, status, filters,
  json_body, target_url, http_method, auth_type, auth_details, secret, created_at,
  rate_limit_per_second, max_in_flight ON subscriptions
  FOR EACH ROW WHEN ((OLD.id, OLD.event_id, OLD.status, OLD.filters::text, OLD.json_body::text,
      OLD.target_url, OLD.http_method, OLD.auth_type, OLD.auth_details::text, OLD.secret, OLD.created_at,
      OLD.rate_limit_per_second, OLD.max_in_flight)
    IS DISTINCT FROM (NEW.id, NEW.event_id, NEW.status, NEW.filters::text, NEW.json_body::text,
      NEW.target_url, NEW.http_method, NEW.auth_type, NEW.auth_details::text, NEW.secret, NEW.created_at,
      NEW.rate_limit_per_second, NEW.max_in_flight))
  EXECUTE FUNCTION notify_emit_targets_changed();
