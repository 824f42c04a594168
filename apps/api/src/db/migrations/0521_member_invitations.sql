-- An application's owner invites by e-mail; the person becomes a member only on accepting it after
-- signing in, so the inviter never learns whether the address has an account, nor its name.
CREATE TABLE member_invitations (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  email text NOT NULL,
  can_read boolean NOT NULL DEFAULT true,
  can_write boolean NOT NULL DEFAULT false,
  can_delete boolean NOT NULL DEFAULT false,
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_invitations_app_email_key ON member_invitations (application_id, email);
CREATE INDEX member_invitations_email_idx ON member_invitations (email);
