-- Operational endpoints are delivered by the engine: each is backed by an internal subscription
-- (same id, flagged is_operational) on the one event of a system application, kept in step with
-- the endpoint by triggers so that no code path can leave them apart. Nobody is a member of the
-- system application; the access policy hides it, its event and these subscriptions from everyone.
ALTER TABLE subscriptions ADD COLUMN is_operational boolean NOT NULL DEFAULT false;

INSERT INTO applications (id, name, api_key_hash, api_key_encrypted, api_key_prefix, visibility,
  created_at, updated_at)
VALUES ('00000000-0000-7000-8000-000000000039', 'Webhooks operacionais', 'system:operational-webhooks',
  'system:no-key', 'system', 'PRIVATE', now(), now())
ON CONFLICT (id) DO NOTHING;
INSERT INTO events (id, application_id, name, alias, status, visibility, created_at, updated_at)
VALUES ('00000000-0000-7000-8000-000000000040', '00000000-0000-7000-8000-000000000039',
  'Evento operacional', 'operational', 'ACTIVE', 'PRIVATE', now(), now())
ON CONFLICT (id) DO NOTHING;

CREATE FUNCTION wm_sync_operational_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM subscriptions WHERE id = OLD.id AND is_operational;
    RETURN NULL;
  END IF;
  INSERT INTO subscriptions (id, event_id, name, target_url, secret, is_operational, created_at, updated_at)
  VALUES (NEW.id, '00000000-0000-7000-8000-000000000040', 'Webhook operacional', NEW.url, NEW.secret, true,
    NEW.created_at, NEW.updated_at)
  ON CONFLICT (id) DO UPDATE SET target_url = excluded.target_url, secret = excluded.secret,
    updated_at = excluded.updated_at
  WHERE subscriptions.is_operational;
  RETURN NULL;
END $$;
CREATE TRIGGER operational_endpoints_subscription AFTER INSERT OR UPDATE OF url, secret OR DELETE
  ON operational_endpoints FOR EACH ROW EXECUTE FUNCTION wm_sync_operational_subscription();

INSERT INTO subscriptions (id, event_id, name, target_url, secret, is_operational, created_at, updated_at)
SELECT id, '00000000-0000-7000-8000-000000000040', 'Webhook operacional', url, secret, true, created_at,
  updated_at
FROM operational_endpoints
ON CONFLICT (id) DO NOTHING;

-- No loop: an operational endpoint failing, opening its circuit or being disabled is no
-- operational event (its delivery logs show it).
CREATE OR REPLACE FUNCTION wm_subscription_operational_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_operational THEN RETURN NULL; END IF;
  INSERT INTO operational_events (type, subscription_id, reason, occurred_at)
  VALUES (
    CASE WHEN NEW.status = 'FAILED' THEN 'subscription.disabled' ELSE 'subscription.enabled' END,
    NEW.id,
    CASE WHEN NEW.status = 'FAILED' THEN NEW.disabled_reason END,
    NEW.updated_at);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION wm_circuit_operational_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operational_events (type, subscription_id, occurred_at)
  SELECT CASE WHEN NEW.open_since IS NULL THEN 'subscription.circuit_closed'
      ELSE 'subscription.circuit_opened' END,
    NEW.subscription_id, NEW.changed_at
  WHERE EXISTS (SELECT 1 FROM subscriptions s
    WHERE s.id = NEW.subscription_id AND s.status = 'ACTIVE' AND NOT s.is_operational);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION wm_delivery_failed_operational_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operational_events (type, subscription_id, delivery_log_id, reason, occurred_at)
  SELECT 'delivery.failed', n.subscription_id, n.id, left(n.error_message, 500), n.updated_at
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'FAILED' AND o.status <> 'FAILED'
    AND n.event_id IS DISTINCT FROM '00000000-0000-7000-8000-000000000040'
  ORDER BY n.id;
  RETURN NULL;
END $$;
