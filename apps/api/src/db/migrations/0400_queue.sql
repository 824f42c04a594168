-- Database-backed queue (used when RABBITMQ_URL is not set) and the per-key
-- pacing rows shared by every worker process of either backend.

CREATE TABLE queue_messages (
  id uuid PRIMARY KEY,
  queue text NOT NULL,
  message_id text NOT NULL,
  body jsonb NOT NULL,
  priority integer NOT NULL DEFAULT 5,
  available_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  pacing_key text,
  pacing_ms integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX queue_messages_claim_idx ON queue_messages (queue, priority DESC, available_at, id);

-- next_at: the earliest time the next send under this key may start.
CREATE TABLE queue_pacing (
  key text PRIMARY KEY,
  next_at timestamptz NOT NULL
);
