-- Endpoints that receive operational events: a user's own (user_id) or an application's
-- (application_id), never both. The signing secret is sealed with SECRET_KEY as subscriptions' are.
CREATE TABLE operational_endpoints (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  application_id uuid REFERENCES applications(id) ON DELETE CASCADE,
  url text NOT NULL,
  -- NULL: every operational type.
  event_types text[],
  secret text NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT operational_endpoints_one_owner CHECK ((user_id IS NULL) <> (application_id IS NULL))
);
CREATE INDEX operational_endpoints_user_idx ON operational_endpoints (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX operational_endpoints_application_idx ON operational_endpoints (application_id)
  WHERE application_id IS NOT NULL;
