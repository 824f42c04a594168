import type { AppContext } from '../context';
import { sendFinishedCallbacks } from './callbacks';
import type { Sender } from './sender';

export const INACTIVE_SUBSCRIPTION_REASON = 'Assinatura inativa: entrega encerrada sem envio';
export const FAILED_SUBSCRIPTION_REASON = 'Assinatura desativada (Falhou): entrega encerrada sem envio';
export const DEAD_ENDPOINT_REASON =
  'Assinatura desativada: o destino ficou sem responder com sucesso durante todo o prazo de desativação; reative-a e reenvie esta entrega';
const SWEEP_LIMIT = 500;

/**
 * Subscriptions set INACTIVE or FAILED that still have open deliveries, read from the trigger-kept
 * counters: a handful of index probes, so the sweep costs nothing while there are none.
 */
const DISABLED_WITH_OPEN = `
  SELECT c.subscription_id AS id FROM subscriptions s
  JOIN delivery_log_counts c ON c.subscription_id = s.id AND c.status IN ('PENDING', 'RETRYING')
  WHERE s.status IN ('INACTIVE', 'FAILED')
  GROUP BY c.subscription_id HAVING sum(c.n) > 0`;

/**
 * Due deliveries of those subscriptions are never claimed: they end FAILED with the reason (so their
 * occurrence can finish, and an operator can retry them once the subscription is active again).
 * Deliveries of a PAUSED subscription or event are held, not ended.
 */
const END_DISABLED = `
  UPDATE delivery_logs d SET status = 'FAILED',
    error_message = CASE WHEN s.status <> 'FAILED' THEN $2
      WHEN s.disabled_reason = 'CIRCUIT_OPEN' THEN $6 ELSE $1 END,
    next_attempt_at = NULL, processed_at = $5::timestamptz, lease_until = NULL, leased_by = NULL,
    updated_at = $5::timestamptz
  FROM subscriptions s
  WHERE d.id IN (
    SELECT d2.id FROM delivery_logs d2
    WHERE d2.subscription_id = ANY($4::uuid[])
      AND d2.status IN ('PENDING', 'RETRYING') AND d2.next_attempt_at <= $5::timestamptz
      AND (d2.lease_until IS NULL OR d2.lease_until < $5::timestamptz)
    LIMIT $3 FOR UPDATE OF d2 SKIP LOCKED)
    AND s.id = d.subscription_id AND s.status IN ('INACTIVE', 'FAILED')
  RETURNING d.occurrence_id`;

/** Occurrences whose report is due and was not sent (an API-only process emitted it, or a crash). */
const PENDING_CALLBACKS = `
  SELECT o.id FROM occurrences o
  WHERE o.callback_pending
    AND NOT EXISTS (SELECT 1 FROM delivery_logs d
      WHERE d.occurrence_id = o.id AND d.status IN ('PENDING', 'RETRYING'))
    AND NOT EXISTS (SELECT 1 FROM event_logs l
      WHERE l.event_id = o.id AND l.status IN ('PENDING', 'PROCESSING'))
  ORDER BY o.created_at LIMIT $1`;

/** One sweep: ends the deliveries no worker will send, and sends the callbacks that are due. */
export async function sweepDeliveries(ctx: AppContext, sender: Sender): Promise<void> {
  const disabled = await ctx.database.query<{ id: string }>(DISABLED_WITH_OPEN, [], 'disabled_with_open');
  const ended =
    disabled.length === 0
      ? []
      : await ctx.database.query<{ occurrence_id: string }>(
          END_DISABLED,
          [
            FAILED_SUBSCRIPTION_REASON,
            INACTIVE_SUBSCRIPTION_REASON,
            SWEEP_LIMIT,
            disabled.map((row) => row.id),
            ctx.clock(),
            DEAD_ENDPOINT_REASON,
          ],
          'end_disabled_deliveries',
        );
  const due = await ctx.database.query<{ id: string }>(
    PENDING_CALLBACKS,
    [SWEEP_LIMIT],
    'pending_callbacks',
    'generic',
  );
  const occurrenceIds = [...new Set([...ended.map((row) => row.occurrence_id), ...due.map((row) => row.id)])];
  await sendFinishedCallbacks(ctx, sender, occurrenceIds);
}
