// The statements of the operational events job (operational-events.ts), run in one transaction.

/**
 * Up to $1 unprocessed events, oldest first, locked so that two processes never take the same one,
 * with the names a payload carries and who is told: the subscription's owner (or, without one, and
 * for a route, the writers of the application).
 */
export const TAKE_OPERATIONAL_EVENTS = `
  SELECT o.id, o.type, o.subscription_id, o.route_id, o.delivery_log_id, o.reason, o.occurred_at,
    s.name AS subscription_name, s.target_url, e.id AS event_id, e.name AS event_name,
    r.name AS route_name, a.id AS application_id, a.name AS application_name,
    CASE WHEN s.created_by IS NOT NULL AND o.route_id IS NULL THEN ARRAY[s.created_by]
      ELSE ARRAY(SELECT ua.user_id FROM user_applications ua WHERE ua.application_id = a.id
        AND (ua.is_owner OR (ua.can_read AND ua.can_write)) ORDER BY ua.user_id) END AS recipients
  FROM operational_events o
  LEFT JOIN subscriptions s ON s.id = o.subscription_id
  LEFT JOIN events e ON e.id = s.event_id
  LEFT JOIN routes r ON r.id = o.route_id
  LEFT JOIN applications a ON a.id = COALESCE(e.application_id, r.application_id)
  WHERE o.processed_at IS NULL
  ORDER BY o.occurred_at, o.id
  LIMIT $1
  FOR UPDATE OF o SKIP LOCKED`;

/** A subscription's latest failed attempts, newest first: what a disable notice shows. */
export const SELECT_LAST_ERRORS = `
  SELECT id, updated_at, http_status_code, error_message FROM delivery_logs
  WHERE subscription_id = $1 AND status IN ('FAILED', 'RETRYING') AND attempt_count > 0
  ORDER BY created_at DESC LIMIT 5`;

/**
 * The notices, once per (event, user); a notice whose user still has the same one unread (a
 * subscription's failed deliveries) is not added again.
 */
export const INSERT_NOTIFICATIONS = `
  INSERT INTO notifications (id, user_id, operational_event_id, type, title, message, link, created_at)
  SELECT n.id, n.user_id, n.operational_event_id, n.type, n.title, n.message, n.link, n.created_at
  FROM jsonb_to_recordset($1::jsonb) AS n(id uuid, user_id uuid, operational_event_id uuid, type text,
    title text, message text, link text, created_at timestamptz)
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)
    AND NOT EXISTS (SELECT 1 FROM notifications o
      WHERE o.user_id = n.user_id AND o.type = n.type AND o.link = n.link AND o.read_at IS NULL)
  ON CONFLICT (operational_event_id, user_id) DO NOTHING`;

export const MARK_OPERATIONAL_EVENTS_PROCESSED = `
  UPDATE operational_events o SET processed_at = $2::timestamptz, payload = p.payload
  FROM jsonb_to_recordset($1::jsonb) AS p(id uuid, payload jsonb)
  WHERE o.id = p.id`;

/** Processed events, and notices, older than the retention period: the logs' period holds for them too. */
export const PURGE_OPERATIONAL_EVENTS = `
  WITH events AS (
    DELETE FROM operational_events WHERE processed_at IS NOT NULL AND occurred_at < $1::timestamptz RETURNING 1
  ), notices AS (
    DELETE FROM notifications WHERE created_at < $1::timestamptz RETURNING 1
  )
  SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM notices)::int AS notices`;

/**
 * The operational endpoints each event goes to: its recipients' own and its application's, whose
 * types let it through, backed by their internal subscription (migration 0800).
 */
export const SELECT_OPERATIONAL_TARGETS = `
  SELECT p.id AS event_id, oe.id AS endpoint_id
  FROM jsonb_to_recordset($1::jsonb) AS p(id uuid, type text, application_id uuid, recipients uuid[])
  JOIN operational_endpoints oe ON (oe.user_id = ANY(p.recipients) OR oe.application_id = p.application_id)
    AND (oe.event_types IS NULL OR p.type = ANY(oe.event_types))
  JOIN subscriptions s ON s.id = oe.id AND s.is_operational
  ORDER BY p.id, oe.id`;

/**
 * One occurrence of the system event per operational event and one PENDING delivery log per
 * endpoint, with ids derived from them: a job run repeated after a crash adds nothing. The claim
 * loop then signs, sends, retries and logs them as any other.
 */
export const INSERT_OPERATIONAL_DELIVERIES = `
  WITH o AS (
    INSERT INTO occurrences (id, event_id, application_id, event_type, data, payload, created_at)
    SELECT r.id, r.event_id, r.application_id, r.event_type, r.data, r.payload, r.created_at
    FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, event_id uuid, application_id uuid, event_type text,
      data jsonb, payload jsonb, created_at timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id
  )
  INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, next_attempt_at,
    created_at, updated_at)
  SELECT r.id, r.occurrence_id, r.subscription_id, r.event_id, 'PENDING', $3::timestamptz, r.created_at,
    r.created_at
  FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, occurrence_id uuid, subscription_id uuid, event_id uuid,
    created_at timestamptz)
  WHERE r.occurrence_id IN (SELECT id FROM o)
  ON CONFLICT DO NOTHING`;
