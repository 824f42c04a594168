-- Automation: inbound routes with their event types and fields, rules that match
-- data posted to /v1/emit-rules and emit a linked event, and each rule's executions.
-- Everything belongs to an application and goes with it.

CREATE TABLE routes (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  endpoint text NOT NULL,
  method text NOT NULL DEFAULT 'POST',
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX routes_app_idx ON routes (application_id, created_at DESC);
CREATE INDEX routes_created_idx ON routes (created_at DESC, id DESC);

CREATE TABLE route_event_types (
  id uuid PRIMARY KEY,
  route_id uuid NOT NULL REFERENCES routes(id) ON DELETE CASCADE,
  name text NOT NULL,
  alias text NOT NULL,
  description text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX route_event_types_route_alias_key ON route_event_types (route_id, alias);

CREATE TABLE route_fields (
  id uuid PRIMARY KEY,
  route_id uuid NOT NULL REFERENCES routes(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  type text NOT NULL,
  path text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX route_fields_route_path_key ON route_fields (route_id, path);

-- conditions: {type, logic, rules:[{field, operator, values, caseSensitive}]}; type is the alias
-- of the route event type the rule listens to, kept when that type is deleted.
CREATE TABLE rules (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  route_id uuid NOT NULL REFERENCES routes(id) ON DELETE CASCADE,
  route_event_type_id uuid REFERENCES route_event_types(id) ON DELETE SET NULL,
  event_id uuid REFERENCES events(id) ON DELETE SET NULL,
  name text NOT NULL,
  description text,
  is_active boolean NOT NULL DEFAULT true,
  conditions jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rules_app_idx ON rules (application_id, created_at DESC, id DESC);
CREATE INDEX rules_created_idx ON rules (created_at DESC, id DESC);
CREATE INDEX rules_route_idx ON rules (route_id);
CREATE INDEX rules_route_event_type_idx ON rules (route_event_type_id);
CREATE INDEX rules_event_idx ON rules (event_id);
-- The rules consumer loads the active rules of one (application, alias).
CREATE INDEX rules_app_type_idx ON rules (application_id, (conditions->>'type')) WHERE is_active;

-- One per (event log, matching rule); a reprocess updates the failed ones in place.
CREATE TABLE rule_executions (
  id uuid PRIMARY KEY,
  rule_id uuid NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
  event_log_id uuid REFERENCES event_logs(id) ON DELETE SET NULL,
  success boolean NOT NULL,
  executed_at timestamptz NOT NULL DEFAULT now(),
  execution_time_ms integer NOT NULL DEFAULT 0,
  executed_actions jsonb NOT NULL DEFAULT '[]',
  error_message text
);
CREATE INDEX rule_executions_rule_idx ON rule_executions (rule_id, executed_at DESC, id DESC);
CREATE UNIQUE INDEX rule_executions_log_rule_key ON rule_executions (event_log_id, rule_id);

-- Every process caches the compiled rules per (application, alias). Any change to what decides which
-- rules an emit runs (a rule, a route, an event type, including the SET NULL and CASCADE of deleted
-- events, types and routes) tells every listening process at commit; a rolled-back change tells none.
CREATE FUNCTION notify_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wm_rules_changed', NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER rules_changed AFTER INSERT OR UPDATE OR DELETE ON rules
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rules_changed();
CREATE TRIGGER routes_changed AFTER UPDATE OR DELETE ON routes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rules_changed();
CREATE TRIGGER route_event_types_changed AFTER UPDATE OR DELETE ON route_event_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rules_changed();
