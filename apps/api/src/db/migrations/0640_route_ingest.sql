-- Routes that receive: each route answers at <PUBLIC_URL>/in/<ingest_token><endpoint>, checks the
-- sender (verification), reads the event type from the request (event_type_from) and keeps every
-- request it gets in inbound_requests.

-- 244 random bits from the server's strong generator (gen_random_uuid): a URL nobody can guess.
-- Every route gets one when it is inserted, and a rotation sets it to DEFAULT again.
ALTER TABLE routes ADD COLUMN ingest_token text NOT NULL
  DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX routes_ingest_token_key ON routes (ingest_token);
-- {type, secret?, header?, encoding?, prefix?, username?, password?, value?}; secret, password and
-- value sealed (wmenc1:). Null: not configured, and such a route refuses every request.
ALTER TABLE routes ADD COLUMN verification jsonb;
-- {source: HEADER | BODY_PATH | FIXED, value}.
ALTER TABLE routes ADD COLUMN event_type_from jsonb NOT NULL DEFAULT '{"source":"BODY_PATH","value":"type"}';

-- The route whose request made this rules log: only that route's rules run on it. Null for a
-- POST /emit-rules (every rule of the application for the event type). No key: a deleted route
-- leaves logs whose rules are gone with it.
ALTER TABLE event_logs ADD COLUMN route_id uuid;

-- Every request an active route received with its method: verified or why not, what it became.
-- status: ACCEPTED (an event log was made), DUPLICATE (the sender's delivery id was seen in the
-- last 24 h; event_log_id is the first one's), IGNORED (verified, but no event type of the route
-- matched), REJECTED (verification failed, or a body that cannot be read).
CREATE TABLE inbound_requests (
  id uuid PRIMARY KEY,
  route_id uuid NOT NULL REFERENCES routes(id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  method text NOT NULL,
  path text NOT NULL,
  headers jsonb NOT NULL,
  body bytea NOT NULL,
  content_type text,
  size_bytes integer NOT NULL,
  verification_type text,
  is_verified boolean NOT NULL,
  verification_error text,
  status text NOT NULL,
  error_message text,
  event_type text,
  delivery_id text,
  event_log_id uuid REFERENCES event_logs(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX inbound_requests_route_idx ON inbound_requests (route_id, created_at DESC, id DESC);
CREATE INDEX inbound_requests_event_log_idx ON inbound_requests (event_log_id);
CREATE INDEX inbound_requests_app_idx ON inbound_requests (application_id);

-- The ingest endpoint caches each route with its event types: a new event type changes what a
-- request matches, so its insert empties the caches too.
CREATE TRIGGER route_event_types_inserted AFTER INSERT ON route_event_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rules_changed();
