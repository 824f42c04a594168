import type { AppContext } from '../context';
import type { AuthDetails, StoredOutboundProxy } from '../db/schema/applications';
import type { ClientTls } from '../db/schema/events';
import type { ClaimedDelivery } from './claimed-delivery';
import { fifoPredecessorHoldsSql } from './fifo-sql';

export type { ClaimedDelivery } from './claimed-delivery';

/**
 * The bytes a claimed log sends, over a delivery log `d` joined to its occurrence `o`: a log stores
 * its payload only where it differs from its occurrence's, and an occurrence only where it differs
 * from its data. Every claim's RETURNING reads it so.
 */
export const PAYLOAD_SENT_SQL = 'COALESCE(d.payload_sent, o.payload, o.data) AS payload_sent';

/** What a claim reads of the occurrence `o` besides the payload: its emit's time and trace context. */
export const EMIT_CONTEXT_SQL =
  '(EXTRACT(EPOCH FROM o.created_at) * 1000)::float8 AS emitted_at_ms, o.trace_parent';

type PlannedLog = { id: string; occurrenceId: string; payloadSent: unknown };
/** The emit behind a new delivery: its time and the traceparent of its span. */
type EmitContext = { emittedAt: Date; traceParent: string | null };
type Target = {
  id: string;
  targetUrl: string;
  httpMethod: string;
  authType: string;
  authDetails: AuthDetails | null;
  clientTls?: ClientTls | null;
  outboundProxy?: StoredOutboundProxy | null;
  secret: string;
  maxInFlight?: number | null;
  rateLimitPerSecond?: number | null;
};

/** A delivery log just created already leased to this worker, as a claim would have answered it. */
export function toClaimedDelivery(
  log: PlannedLog,
  subscription: Target,
  event: { maxRetries: number | null; enableCallbacks?: boolean },
  emit: EmitContext,
): ClaimedDelivery {
  return {
    id: log.id,
    occurrence_id: log.occurrenceId,
    subscription_id: subscription.id,
    attempt_count: 0,
    payload_sent: log.payloadSent,
    target_url: subscription.targetUrl,
    http_method: subscription.httpMethod,
    auth_type: subscription.authType,
    auth_details: subscription.authDetails,
    client_tls: subscription.clientTls ?? null,
    outbound_proxy: subscription.outboundProxy ?? null,
    secret: subscription.secret,
    max_retries: event.maxRetries,
    max_in_flight: subscription.maxInFlight ?? null,
    rate_limit_per_second: subscription.rateLimitPerSecond ?? null,
    ...(event.enableCallbacks === undefined ? {} : { has_callbacks: event.enableCallbacks }),
    emitted_at_ms: emit.emittedAt.getTime(),
    trace_parent: emit.traceParent,
  };
}

/**
 * Leases up to `limit` due deliveries to `workerId`. A crashed worker's lease
 * simply expires and the rows become due again: at least once, nothing lost.
 * Deliveries of a PAUSED event or of a subscription that is not ACTIVE wait, and so (deferred,
 * nothing spent) do those of a subscription whose circuit is not closed or that `skipped` names
 * (its backlog in this worker is full).
 */
export async function claimDueDeliveries(
  ctx: AppContext,
  workerId: string,
  limit: number,
  skipped: string[] = [],
): Promise<ClaimedDelivery[]> {
  return ctx.database.query<ClaimedDelivery>(
    CLAIM_DUE_DELIVERIES,
    [limit, ctx.config.DELIVERY_LEASE_MS, workerId, ctx.clock(), skipped],
    'claim_due_deliveries',
    'generic',
  );
}

/** The probe of an open circuit: one due delivery of the subscription, leased to `workerId`. */
export async function claimProbeDelivery(
  ctx: AppContext,
  workerId: string,
  subscriptionId: string,
): Promise<ClaimedDelivery | undefined> {
  const [delivery] = await ctx.database.query<ClaimedDelivery>(
    CLAIM_PROBE_DELIVERY,
    [subscriptionId, ctx.config.DELIVERY_LEASE_MS, workerId, ctx.clock()],
    'claim_probe_delivery',
    'generic',
  );
  return delivery;
}

const CLAIMED_COLUMNS = `d.id, d.occurrence_id, d.subscription_id, d.attempt_count,
    ${PAYLOAD_SENT_SQL},
    s.target_url, s.http_method, s.auth_type, s.auth_details, s.client_tls, s.secret, e.max_retries,
    s.max_in_flight, s.rate_limit_per_second, e.enable_callbacks AS has_callbacks, ${EMIT_CONTEXT_SQL},
    d.ordering_key IS NOT NULL AS is_fifo,
    (SELECT a.outbound_proxy FROM applications a WHERE a.id = e.application_id) AS outbound_proxy`;

// What both claims require of a delivery `d` of subscription `s` and event `e` besides being due.
const SENDABLE = `d.status IN ('PENDING', 'RETRYING')
      AND d.next_attempt_at <= $4::timestamptz
      AND (d.lease_until IS NULL OR d.lease_until < $4::timestamptz)
      AND e.status <> 'PAUSED'
      AND s.status = 'ACTIVE'
      AND d.subscription_id <> ALL($5::uuid[])
      AND NOT EXISTS (SELECT 1 FROM endpoint_circuits c
        WHERE c.subscription_id = d.subscription_id AND c.state <> 'CLOSED')`;

/**
 * Every other delivery, and a FIFO one only at the head of its (subscription, ordering key): the
 * oldest open one in emit order, with no earlier one holding the key and no other of the key leased
 * (a resend of an earlier one waits for the one in flight). The row lock and the lease, re-checked
 * on the row's latest version, keep two workers from taking one delivery; a head found on a stale
 * snapshot is one whose predecessors were final already, and stay so.
 */
const CLAIM_DUE_DELIVERIES = `
  WITH RECURSIVE due AS (
    SELECT d.id FROM delivery_logs d
    JOIN subscriptions s ON s.id = d.subscription_id
    JOIN events e ON e.id = d.event_id
    WHERE ${SENDABLE} AND d.ordering_key IS NULL
    ORDER BY d.next_attempt_at
    LIMIT $1
    FOR UPDATE OF d SKIP LOCKED
  ), heads AS (
    -- A skip scan of the open FIFO index: one probe per key, however long each key's backlog.
    (SELECT h.subscription_id, h.ordering_key, h.id, h.next_attempt_at, h.lease_until FROM delivery_logs h
      WHERE h.ordering_key IS NOT NULL AND h.status IN ('PENDING', 'RETRYING')
      ORDER BY h.subscription_id, h.ordering_key, h.fifo_seq LIMIT 1)
    UNION ALL
    SELECT n.* FROM heads k CROSS JOIN LATERAL (
      SELECT h.subscription_id, h.ordering_key, h.id, h.next_attempt_at, h.lease_until FROM delivery_logs h
      WHERE h.ordering_key IS NOT NULL AND h.status IN ('PENDING', 'RETRYING')
        AND (h.subscription_id, h.ordering_key) > (k.subscription_id, k.ordering_key)
      ORDER BY h.subscription_id, h.ordering_key, h.fifo_seq LIMIT 1) n
  ), due_fifo AS (
    -- The due heads' ids as one array: each is then fetched by its key, whatever the statistics say.
    SELECT d.id FROM delivery_logs d
    JOIN subscriptions s ON s.id = d.subscription_id
    JOIN events e ON e.id = d.event_id
    WHERE d.id = ANY (ARRAY(SELECT heads.id FROM heads WHERE heads.next_attempt_at <= $4::timestamptz
        AND (heads.lease_until IS NULL OR heads.lease_until < $4::timestamptz)))
      AND ${SENDABLE}
      AND NOT (s.fifo_on_failure = 'HOLD' AND EXISTS (SELECT 1 FROM delivery_logs p
        WHERE p.subscription_id = d.subscription_id AND p.ordering_key = d.ordering_key
          AND p.fifo_seq < d.fifo_seq AND p.status = 'FAILED' AND p.skipped_at IS NULL))
      AND NOT EXISTS (SELECT 1 FROM delivery_logs x
        WHERE x.subscription_id = d.subscription_id AND x.ordering_key = d.ordering_key
          AND x.status IN ('PENDING', 'RETRYING') AND x.id <> d.id AND x.lease_until >= $4::timestamptz)
    ORDER BY d.next_attempt_at
    LIMIT $1
    FOR UPDATE OF d SKIP LOCKED
  )
  UPDATE delivery_logs d
  SET lease_until = $4::timestamptz + $2::int * interval '1 millisecond', leased_by = $3
  FROM (SELECT id FROM due UNION ALL SELECT id FROM due_fifo) AS taken, subscriptions s, events e, occurrences o
  WHERE d.id = taken.id AND s.id = d.subscription_id AND e.id = d.event_id AND o.id = d.occurrence_id
  RETURNING ${CLAIMED_COLUMNS}`;

const CLAIM_PROBE_DELIVERY = `
  WITH due AS (
    SELECT d.id FROM delivery_logs d
    JOIN subscriptions s ON s.id = d.subscription_id
    JOIN events e ON e.id = d.event_id
    WHERE d.subscription_id = $1 AND d.status IN ('PENDING', 'RETRYING')
      AND d.next_attempt_at <= $4
      AND (d.lease_until IS NULL OR d.lease_until < $4)
      AND e.status <> 'PAUSED'
      AND s.status = 'ACTIVE'
      -- A FIFO delivery probes only at the head of its key, free of any lease.
      AND (d.ordering_key IS NULL OR (NOT ${fifoPredecessorHoldsSql('d', 's')}
        AND NOT EXISTS (SELECT 1 FROM delivery_logs x
          WHERE x.subscription_id = d.subscription_id AND x.ordering_key = d.ordering_key
            AND x.status IN ('PENDING', 'RETRYING') AND x.id <> d.id AND x.lease_until >= $4)))
    ORDER BY d.next_attempt_at
    LIMIT 1
    FOR UPDATE OF d SKIP LOCKED
  )
  UPDATE delivery_logs d
  SET lease_until = $4::timestamptz + $2::int * interval '1 millisecond', leased_by = $3
  FROM due, subscriptions s, events e, occurrences o
  WHERE d.id = due.id AND s.id = d.subscription_id AND e.id = d.event_id AND o.id = d.occurrence_id
  RETURNING ${CLAIMED_COLUMNS}`;

/**
 * Gives back the leases of open deliveries that an earlier incarnation of this worker (its lease
 * owner starts with `prefix`, and is not `currentId`) left when it died: they go back to the queue
 * now, not when the lease ends. That incarnation is gone, since this one has its name. Answers
 * how many.
 */
export async function takeBackOwnLeases(ctx: AppContext, prefix: string, currentId: string): Promise<number> {
  const rows = await ctx.database.query<{ id: string }>(
    `UPDATE delivery_logs SET lease_until = NULL, leased_by = NULL
     WHERE status IN ('PENDING', 'RETRYING') AND starts_with(leased_by, $1) AND leased_by <> $2
     RETURNING id`,
    [prefix, currentId],
    'take_back_own_delivery_leases',
  );
  return rows.length;
}

/** Gives leases back (a stopping worker's unsent deliveries), so any worker may take them at once. */
export async function releaseLeases(ctx: AppContext, workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.database.query(
    'UPDATE delivery_logs SET lease_until = NULL, leased_by = NULL WHERE id = ANY($1::uuid[]) AND leased_by = $2',
    [ids, workerId],
    'release_delivery_leases',
  );
}
