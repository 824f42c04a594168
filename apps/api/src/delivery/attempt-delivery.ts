import type { AppContext } from '../context';
import { newId } from '../lib/ids';
import { openAuthDetails } from '../lib/sealed-auth-details';
import { buildDeliveryRequest } from './build-request';
import type { ClaimedDelivery } from './claim';
import { decideOutcome } from './decide-outcome';
import type { AttemptResult } from './record-results';
import type { Sender, SendOutcome } from './sender';

/**
 * Sends one claimed delivery and turns the outcome into the result to record. The target's
 * secrets are stored sealed: opened here (each once per process, the cipher caches them).
 */
export async function attemptDelivery(
  { config, cipher, clock }: Pick<AppContext, 'config' | 'cipher' | 'clock'>,
  sender: Sender,
  delivery: ClaimedDelivery,
): Promise<{ result: AttemptResult; outcome: SendOutcome }> {
  const startedAt = clock();
  const outbound = buildDeliveryRequest(
    {
      deliveryId: delivery.id,
      targetUrl: delivery.target_url,
      httpMethod: delivery.http_method,
      authType: delivery.auth_type,
      authDetails: openAuthDetails(cipher, delivery.auth_details),
      secret: cipher.open(delivery.secret),
      payload: delivery.payload_sent,
    },
    startedAt,
  );
  const outcome = await sender.send(outbound);
  const attemptNumber = delivery.attempt_count + 1;
  const now = clock();
  const decision = decideOutcome({
    outcome,
    attemptNumber,
    maxRetries: delivery.max_retries,
    retryDelaysMs: config.DELIVERY_RETRY_DELAYS_MS,
    now,
  });
  const result: AttemptResult = {
    id: delivery.id,
    subscriptionId: delivery.subscription_id,
    occurrenceId: delivery.occurrence_id,
    status: decision.status,
    httpStatusCode: outcome.httpStatusCode,
    responseBody: outcome.responseBody,
    errorMessage: outcome.error,
    nextAttemptAt: decision.nextAttemptAt?.toISOString() ?? null,
    processedAt: decision.status === 'RETRYING' ? null : now.toISOString(),
    attemptNumber,
    attemptId: newId(),
    startedAt: startedAt.toISOString(),
    durationMs: outcome.durationMs,
    isGone: decision.isGone,
    hasCallbacks: delivery.has_callbacks,
  };
  return { result, outcome };
}
