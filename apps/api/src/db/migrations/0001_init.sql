-- Core schema shared by every module. Later changes go in new numbered files.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE login_failures (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (email, ip, created_at);

CREATE TABLE applications (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  api_key_hash text NOT NULL UNIQUE,
  api_key_encrypted text NOT NULL,
  api_key_prefix text NOT NULL,
  visibility text NOT NULL DEFAULT 'PRIVATE',
  callback_url text,
  callback_auth_type text NOT NULL DEFAULT 'NONE',
  callback_auth_details jsonb,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_created_idx ON applications (created_at DESC);

CREATE TABLE user_applications (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  is_owner boolean NOT NULL DEFAULT false,
  can_read boolean NOT NULL DEFAULT true,
  can_write boolean NOT NULL DEFAULT false,
  can_delete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, application_id)
);
CREATE INDEX user_applications_app_idx ON user_applications (application_id);

CREATE TABLE events (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  name text NOT NULL,
  alias text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE',
  visibility text NOT NULL DEFAULT 'PUBLIC',
  queue_type text NOT NULL DEFAULT 'IMMEDIATE',
  enable_callbacks boolean NOT NULL DEFAULT false,
  callback_url text,
  callback_auth_type text NOT NULL DEFAULT 'NONE',
  callback_auth_details jsonb,
  body_template jsonb,
  delay_between_sends integer,
  message_ttl integer,
  max_retries integer,
  priority integer,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX events_app_alias_key ON events (application_id, alias);
CREATE INDEX events_created_idx ON events (created_at DESC);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE',
  target_url text NOT NULL,
  http_method text NOT NULL DEFAULT 'POST',
  auth_type text NOT NULL DEFAULT 'NONE',
  auth_details jsonb,
  json_body jsonb,
  filters jsonb NOT NULL DEFAULT '[]'::jsonb,
  secret text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consecutive_failures integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_event_idx ON subscriptions (event_id, status);
CREATE INDEX subscriptions_created_by_idx ON subscriptions (created_by);

-- One emit of an event (its id is the eventId seen by receivers and event logs).
CREATE TABLE occurrences (
  id uuid PRIMARY KEY,
  event_id uuid REFERENCES events(id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  payload jsonb,
  external_event_id text,
  organization_id text,
  idempotency_key text,
  response jsonb,
  callback_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX occurrences_idempotency_key ON occurrences (application_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX occurrences_event_idx ON occurrences (event_id, created_at DESC);

-- One per (occurrence, subscription): the delivery log of the console.
CREATE TABLE delivery_logs (
  id uuid PRIMARY KEY,
  occurrence_id uuid NOT NULL REFERENCES occurrences(id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  event_id uuid REFERENCES events(id) ON DELETE CASCADE,
  status text NOT NULL,
  http_status_code integer,
  response_body text,
  error_message text,
  event_data_received jsonb,
  payload_sent jsonb,
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_until timestamptz,
  leased_by text,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_logs_due_idx ON delivery_logs (next_attempt_at)
  WHERE status IN ('PENDING', 'RETRYING');
CREATE INDEX delivery_logs_created_idx ON delivery_logs (created_at DESC, id DESC);
CREATE INDEX delivery_logs_subscription_idx ON delivery_logs (subscription_id, created_at DESC);
CREATE INDEX delivery_logs_event_idx ON delivery_logs (event_id, created_at DESC);
CREATE INDEX delivery_logs_occurrence_idx ON delivery_logs (occurrence_id);

CREATE TABLE delivery_attempts (
  id uuid PRIMARY KEY,
  delivery_log_id uuid NOT NULL REFERENCES delivery_logs(id) ON DELETE CASCADE,
  attempt_number integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  http_status_code integer,
  error_message text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_attempts_log_idx ON delivery_attempts (delivery_log_id, attempt_number);

-- One per queued occurrence ('Log de Eventos'): a RABBITMQ emit or an /emit-rules call.
CREATE TABLE event_logs (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  organization_id text NOT NULL,
  external_event_id text,
  queue_type text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING',
  retry_count integer NOT NULL DEFAULT 0,
  payload jsonb NOT NULL,
  error_message text,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  event_definition_id uuid REFERENCES events(id) ON DELETE CASCADE,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_logs_created_idx ON event_logs (created_at DESC, id DESC);
CREATE INDEX event_logs_status_idx ON event_logs (status, created_at DESC);
CREATE INDEX event_logs_app_idx ON event_logs (application_id, created_at DESC);
CREATE INDEX event_logs_event_idx ON event_logs (event_id);
