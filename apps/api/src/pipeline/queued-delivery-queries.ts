import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { deliveryLogs } from '../db/schema';
import { type ClaimedDelivery, EMIT_CONTEXT_SQL, PAYLOAD_SENT_SQL } from '../delivery/claim';
import { OPEN_STATUS_CONDITION } from '../delivery/record-results';

// The queue consumer's statements on its deliveries (queued-deliveries.ts).

// Open deliveries are found through the (occurrence, subscription) key, never the due index (see
// OPEN_STATUS_CONDITION).
const CLAIM_OPEN_SQL = `
  WITH claimed AS (
    UPDATE delivery_logs d
    SET lease_until = $4::timestamptz + $2::int * interval '1 millisecond', leased_by = $3
    FROM subscriptions s, events e, occurrences o
    WHERE d.occurrence_id = $1 AND d.${OPEN_STATUS_CONDITION}
      AND (d.lease_until IS NULL OR d.lease_until < $4::timestamptz OR d.leased_by = $3)
      AND s.id = d.subscription_id AND e.id = d.event_id AND o.id = d.occurrence_id
    RETURNING d.id, d.occurrence_id, d.subscription_id, d.attempt_count,
      ${PAYLOAD_SENT_SQL},
      s.target_url, s.http_method, s.auth_type, s.auth_details, s.client_tls, s.secret, e.max_retries,
      s.max_in_flight, s.rate_limit_per_second, ${EMIT_CONTEXT_SQL},
      (SELECT a.outbound_proxy FROM applications a WHERE a.id = e.application_id) AS outbound_proxy),
  busy AS (
    SELECT count(*)::int AS busy FROM delivery_logs d
    WHERE d.occurrence_id = $1 AND d.${OPEN_STATUS_CONDITION}
      AND d.id NOT IN (SELECT id FROM claimed))
  SELECT claimed.*, busy.busy FROM busy LEFT JOIN claimed ON true`;

/**
 * Leases the occurrence's open deliveries that are free (or already this worker's), and counts the
 * ones leased by others (busy), in one statement: "free" and "busy" are judged at the same instant,
 * so a lease expiring in between cannot leave a delivery neither claimed nor busy (and the log
 * SUCCESS unsent).
 */
export async function claimOpenDeliveries(ctx: AppContext, occurrenceId: string, workerId: string) {
  const rows = await ctx.database.query<ClaimedDelivery & { busy: number }>(
    CLAIM_OPEN_SQL,
    [occurrenceId, ctx.config.DELIVERY_LEASE_MS, workerId, ctx.clock()],
    'wm_queued_claim_open',
  );
  const busy = rows[0]?.busy ?? 0;
  const claimed = rows
    .filter((row) => row.id !== null)
    .map(({ busy: _busy, ...delivery }) => delivery)
    .sort((a, b) => a.id.localeCompare(b.id));
  return { claimed, busy };
}

/** Gives back the leases this worker holds on these deliveries. */
export async function releaseLeases(db: Database, ids: string[], workerId: string) {
  await db
    .update(deliveryLogs)
    .set({ leaseUntil: null, leasedBy: null })
    .where(and(inArray(deliveryLogs.id, ids), eq(deliveryLogs.leasedBy, workerId)));
}
