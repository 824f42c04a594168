import type { AppContext } from '../context';
import { attemptDelivery } from '../delivery/attempt-delivery';
import type { CircuitBreaker } from '../delivery/circuit-breaker';
import type { ClaimedDelivery } from '../delivery/claim';
import { observeAttempt } from '../delivery/delivery-metrics';
import { type AttemptResult, recordAttemptResults } from '../delivery/record-results';
import type { Sender } from '../delivery/sender';
import { createBatcher } from '../lib/batcher';
import type { GatedTarget, GatePass } from './endpoint-gate';
import type { DeliveryTry } from './process-event-log';

const RECORD_BATCH = { maxSize: 512, maxInFlight: 1 };

const toGated = (delivery: ClaimedDelivery): GatedTarget => ({
  id: delivery.subscription_id,
  targetUrl: delivery.target_url,
  maxInFlight: delivery.max_in_flight ?? null,
  rateLimitPerSecond: delivery.rate_limit_per_second ?? null,
});

export type SendQueuedDelivery = (
  pass: GatePass,
  delivery: ClaimedDelivery,
  isLastTry: boolean,
  traceParent: string | null,
) => Promise<DeliveryTry>;

/**
 * The queue consumer's send of one claimed delivery, its result group-committed with the others
 * in flight by `workerId`, the circuits it closes or trips told to `breaker`.
 */
export function createQueuedSend(
  ctx: AppContext,
  sender: Sender,
  workerId: string,
  breaker: CircuitBreaker,
): SendQueuedDelivery {
  const records = createBatcher(async (results: AttemptResult[]) => {
    // One order for every batch, so concurrent batches lock subscriptions alike.
    const sorted = [...results].sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId));
    const changes = await recordAttemptResults(ctx, workerId, sorted);
    breaker.closed(changes.closed);
    if (changes.tripped.length > 0) await breaker.open(changes.tripped);
    return results.map(() => undefined);
    // One at a time: the statement's fixed cost (counters, subscriptions) is paid once for a bigger
    // batch, and batches never wait on each other's subscription rows.
  }, RECORD_BATCH);

  /** Sends one claimed delivery once on the message's place, if its endpoint may send now (else DEFERRED). */
  return async (pass, delivery, isLastTry, traceParent) => {
    const admission = await pass.admit(toGated(delivery));
    if (admission.type === 'wait') return { status: 'DEFERRED', error: null, delayMs: admission.delayMs };
    let result: AttemptResult | null = null;
    try {
      // maxRetries here only decides "final or not"; the queue schedules the retry itself.
      ({ result } = await attemptDelivery(ctx, sender, {
        ...delivery,
        max_retries: isLastTry ? 0 : Number.MAX_SAFE_INTEGER,
        trace_parent: traceParent ?? delivery.trace_parent,
      }));
    } finally {
      await admission.done(result?.durationMs ?? null, result?.status === 'SUCCESS');
    }
    const recorded = result.status === 'RETRYING' ? { ...result, nextAttemptAt: null } : result;
    observeAttempt(ctx, delivery, recorded);
    await records.submit(recorded);
    const error =
      recorded.status === 'SUCCESS'
        ? null
        : (recorded.errorMessage ??
          (recorded.httpStatusCode ? `HTTP ${recorded.httpStatusCode}` : 'Falha no envio'));
    return { status: recorded.status, error };
  };
}
