import { buildAuthHeaders } from '@wm/contracts';
import { signWebhook } from '@wm/standard-webhooks';
import type { AppContext } from '../context';
import type { AuthDetails, StoredOutboundProxy } from '../db/schema/applications';
import { newId } from '../lib/ids';
import { openAuthDetails } from '../lib/sealed-auth-details';
import { openOutboundProxy } from './outbound-proxy';
import type { Sender } from './sender';

type FinishedOccurrence = {
  occurrence_id: string;
  event_id: string;
  alias: string;
  callback_url: string | null;
  callback_auth_type: string;
  callback_auth_details: AuthDetails | null;
  /** The application's callback secret, sealed; null only before the start that fills it. */
  callback_secret: string | null;
  /** The application's own egress proxy (password sealed); null or absent: the global one. */
  outbound_proxy?: StoredOutboundProxy | null;
};

// $1: the occurrence ids, a JSON array; $2 now (the app's clock).
const CLAIM_FINISHED_SQL = `
UPDATE occurrences o SET callback_pending = false,
  callback_sent_at = CASE WHEN e.enable_callbacks THEN $2::timestamptz END
FROM events e, applications a
WHERE o.id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))
  AND o.callback_sent_at IS NULL
  AND (e.enable_callbacks OR o.callback_pending)
  AND e.id = o.event_id
  AND a.id = o.application_id
  AND NOT EXISTS (SELECT 1 FROM delivery_logs d
    WHERE d.occurrence_id = o.id AND d.status IN ('PENDING', 'RETRYING'))
  AND NOT EXISTS (SELECT 1 FROM event_logs l
    WHERE l.event_id = o.id AND l.status IN ('PENDING', 'PROCESSING'))
RETURNING o.id AS occurrence_id, e.id AS event_id, e.alias, e.enable_callbacks,
  COALESCE(e.callback_url, a.callback_url) AS callback_url,
  CASE WHEN e.callback_url IS NOT NULL THEN e.callback_auth_type ELSE a.callback_auth_type END AS callback_auth_type,
  CASE WHEN e.callback_url IS NOT NULL THEN e.callback_auth_details ELSE a.callback_auth_details END AS callback_auth_details,
  a.callback_secret, a.outbound_proxy`;

const REPORTED_DELIVERIES_SQL = `
SELECT subscription_id, status, http_status_code FROM delivery_logs
WHERE occurrence_id = $1 ORDER BY created_at, id`;

/**
 * For occurrences whose deliveries are all final (and, when queued, whose event log is settled),
 * claims the report (callback_sent_at, so it goes once) and, when the event has callbacks on, POSTs
 * it to the event's callback URL, else the application's. Claiming also clears callback_pending, so
 * the housekeeping sweep stops looking at the occurrence. The outcome is logged, never retried.
 */
export async function sendFinishedCallbacks(ctx: AppContext, sender: Sender, occurrenceIds: string[]) {
  if (occurrenceIds.length === 0) return;
  const finished = await ctx.database.query<FinishedOccurrence & { enable_callbacks: boolean }>(
    CLAIM_FINISHED_SQL,
    [JSON.stringify(occurrenceIds), ctx.clock()],
    'wm_callbacks_claim_finished',
  );
  await Promise.all(
    finished
      .filter((occurrence) => occurrence.enable_callbacks)
      .map((occurrence) => sendCallback(ctx, sender, occurrence)),
  );
}

/** The application's own egress proxy as a request's `proxy` (none: the sender's global one). */
function ownProxyOf(ctx: AppContext, occurrence: Pick<FinishedOccurrence, 'outbound_proxy'>) {
  const proxy = openOutboundProxy(ctx.cipher, occurrence.outbound_proxy);
  return proxy ? { proxy } : {};
}

/**
 * Standard Webhooks headers, as on deliveries, under the application's callback secret; the
 * occurrence id is the message id (the report goes once per occurrence).
 */
function signatureHeaders(
  ctx: AppContext,
  occurrence: FinishedOccurrence,
  body: string,
): Record<string, string> {
  if (!occurrence.callback_secret) return {};
  const timestamp = Math.floor(ctx.clock().getTime() / 1000);
  const id = occurrence.occurrence_id;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(ctx.cipher.open(occurrence.callback_secret), id, timestamp, body),
  };
}

/**
 * A test report (`test: true`, no deliveries) to an event's callback URL, signed and authenticated
 * as real reports are, through the same sender: what 'Testar Callback' sends. The answer is data.
 */
export function sendTestCallback(
  ctx: AppContext,
  sender: Sender,
  target: Omit<FinishedOccurrence, 'occurrence_id'> & { callback_url: string },
) {
  const occurrence = { ...target, occurrence_id: newId() };
  const body = JSON.stringify({
    test: true,
    eventId: occurrence.event_id,
    alias: occurrence.alias,
    occurrenceId: occurrence.occurrence_id,
    deliveries: [],
  });
  return sender.send({
    url: target.callback_url,
    method: 'POST',
    body,
    ...ownProxyOf(ctx, occurrence),
    headers: {
      'content-type': 'application/json',
      ...buildAuthHeaders(
        occurrence.callback_auth_type,
        openAuthDetails(ctx.cipher, occurrence.callback_auth_details),
      ),
      ...signatureHeaders(ctx, occurrence, body),
    },
  });
}

async function sendCallback(ctx: AppContext, sender: Sender, occurrence: FinishedOccurrence) {
  if (!occurrence.callback_url) return;
  const deliveries = await ctx.database.query<{
    subscription_id: string;
    status: string;
    http_status_code: number | null;
  }>(REPORTED_DELIVERIES_SQL, [occurrence.occurrence_id], 'wm_callbacks_reported_deliveries');
  const report = {
    eventId: occurrence.event_id,
    alias: occurrence.alias,
    occurrenceId: occurrence.occurrence_id,
    deliveries: deliveries.map((delivery) => ({
      subscriptionId: delivery.subscription_id,
      status: delivery.status,
      httpStatusCode: delivery.http_status_code,
    })),
  };
  const body = JSON.stringify(report);
  const outcome = await sender.send({
    url: occurrence.callback_url,
    method: 'POST',
    body,
    ...ownProxyOf(ctx, occurrence),
    headers: {
      'content-type': 'application/json',
      ...buildAuthHeaders(
        occurrence.callback_auth_type,
        openAuthDetails(ctx.cipher, occurrence.callback_auth_details),
      ),
      ...signatureHeaders(ctx, occurrence, body),
    },
  });
  // The reason is a plain string (the status, or the network error's description): under the
  // logger's `error` key it would go through the Error serializer and come out as its type only.
  const logged = {
    occurrenceId: occurrence.occurrence_id,
    eventId: occurrence.event_id,
    httpStatusCode: outcome.httpStatusCode,
    durationMs: outcome.durationMs,
  };
  if (outcome.error === null) ctx.logger.info(logged, 'event callback sent');
  else ctx.logger.warn({ ...logged, reason: outcome.error }, 'event callback failed');
}
