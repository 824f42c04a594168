-- A link a consumer opens the portal with: only the SHA-256 of its token is kept; scoped to the
-- consumer, the events it may subscribe to (NULL: all of the application's), read-only or not.
CREATE TABLE portal_sessions (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  consumer_id text NOT NULL,
  token_hash text NOT NULL,
  event_aliases text[],
  is_read_only boolean NOT NULL DEFAULT false,
  locale text NOT NULL DEFAULT 'pt-BR',
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT portal_sessions_token_hash_key UNIQUE (token_hash)
);
CREATE INDEX portal_sessions_consumer_idx ON portal_sessions (application_id, consumer_id);
