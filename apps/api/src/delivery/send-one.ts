import type { AppContext } from '../context';
import { attemptDelivery } from './attempt-delivery';
import type { CircuitBreaker } from './circuit-breaker';
import type { ClaimedDelivery } from './claim';
import { observeAttempt } from './delivery-metrics';
import type { AttemptResult } from './record-results';
import type { Sender } from './sender';

export type SendOneOptions = {
  isProbe: boolean;
  /** True once a stop gave the in-flight deliveries back: a late result is no longer theirs to write. */
  isAbandoned(): boolean;
  onResult(result: AttemptResult): void;
};

/**
 * One send of the pool: the attempt, its result observed and handed on for recording (unless
 * abandoned meanwhile), and for a probe its circuit settled. Never fails: a crash is logged here.
 * Answers the attempt's duration, null when it crashed.
 */
export async function sendOne(
  ctx: AppContext,
  sender: Sender,
  breaker: CircuitBreaker,
  delivery: ClaimedDelivery,
  options: SendOneOptions,
): Promise<number | null> {
  let durationMs: number | null = null;
  let isSuccess = false;
  try {
    const { result } = await attemptDelivery(ctx, sender, delivery);
    durationMs = result.durationMs;
    isSuccess = result.status === 'SUCCESS';
    if (!options.isAbandoned()) {
      observeAttempt(ctx, delivery, result);
      options.onResult(result);
    }
  } catch (error) {
    ctx.logger.error({ err: error, deliveryId: delivery.id }, 'delivery attempt crashed');
  }
  // A probe always settles, as a failure when it did not answer, so this process may probe again.
  if (options.isProbe) {
    try {
      await breaker.settleProbe(delivery.subscription_id, isSuccess);
    } catch (error) {
      ctx.logger.warn({ err: error, deliveryId: delivery.id }, 'circuit probe not settled');
    }
  }
  return durationMs;
}
