import type { AppContext } from '../context';
import type { ClientTls } from '../db/schema/events';
import type { Cipher } from '../lib/crypto';
import { newIdAt } from '../lib/ids';
import { openAuthDetails } from '../lib/sealed-auth-details';
import { failSpan, type Span, SpanKind } from '../lib/tracing';
import { buildDeliveryRequest, type DeliveryTarget } from './build-request';
import type { ClaimedDelivery } from './claim';
import { decideOutcome } from './decide-outcome';
import { openOutboundProxy } from './outbound-proxy';
import type { AttemptResult } from './record-results';
import { sendWithOAuth2 } from './send-with-oauth2';
import type { ClientTlsOptions, Sender, SendOutcome } from './sender';

type AttemptContext = Pick<AppContext, 'config' | 'cipher' | 'clock' | 'tracing' | 'oauth2Tokens'>;

/**
 * Sends one claimed delivery and turns the outcome into the result to record, in a span under the
 * delivery's trace parent (its emit's, or its queue message's). The target's secrets are stored
 * sealed: opened here (each once per process, the cipher caches them).
 */
export async function attemptDelivery(
  ctx: AttemptContext,
  sender: Sender,
  delivery: ClaimedDelivery,
): Promise<{ result: AttemptResult; outcome: SendOutcome }> {
  const span = ctx.tracing.startSpan('webhook.delivery', {
    kind: SpanKind.CLIENT,
    parent: delivery.trace_parent,
  });
  try {
    const attempt = await sendAndDecide(ctx, sender, delivery);
    describeAttempt(span, delivery, attempt);
    return attempt;
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The span's attributes: target host, attempt number, status code, outcome; an error unless SUCCESS. */
function describeAttempt(
  span: Span,
  delivery: ClaimedDelivery,
  { result, outcome }: { result: AttemptResult; outcome: SendOutcome },
) {
  if (!span.isRecording()) return;
  const target = URL.parse(delivery.target_url);
  span.setAttributes({
    'http.request.method': delivery.http_method,
    'server.address': target?.hostname ?? '',
    'server.port': Number(target?.port) || (target?.protocol === 'https:' ? 443 : 80),
    'webhook.delivery_id': delivery.id,
    'webhook.subscription_id': delivery.subscription_id,
    'webhook.occurrence_id': delivery.occurrence_id,
    'webhook.attempt': result.attemptNumber,
    'webhook.outcome': result.status,
  });
  if (outcome.httpStatusCode !== null) span.setAttribute('http.response.status_code', outcome.httpStatusCode);
  if (result.status !== 'SUCCESS') {
    failSpan(span, null, outcome.error ?? `HTTP ${outcome.httpStatusCode}`);
  }
}

/** The stored client certificate as the TLS options of a connection (key and passphrase opened). */
function openClientTls(cipher: Cipher, stored: ClientTls | null | undefined): ClientTlsOptions | null {
  if (!stored) return null;
  return {
    cert: stored.certificate,
    key: cipher.open(stored.privateKey),
    ...(stored.passphrase ? { passphrase: cipher.open(stored.passphrase) } : {}),
    ...(stored.caBundle ? { ca: stored.caBundle } : {}),
  };
}

async function sendAndDecide(
  ctx: AttemptContext,
  sender: Sender,
  delivery: ClaimedDelivery,
): Promise<{ result: AttemptResult; outcome: SendOutcome }> {
  const { config, cipher, clock } = ctx;
  const startedAt = clock();
  const target: DeliveryTarget = {
    deliveryId: delivery.id,
    targetUrl: delivery.target_url,
    httpMethod: delivery.http_method,
    authType: delivery.auth_type,
    authDetails: openAuthDetails(cipher, delivery.auth_details),
    secret: cipher.open(delivery.secret),
    payload: delivery.payload_sent,
    tls: openClientTls(cipher, delivery.client_tls),
    proxy: openOutboundProxy(cipher, delivery.outbound_proxy) ?? undefined,
  };
  const outcome =
    target.authType === 'OAUTH2_CLIENT_CREDENTIALS'
      ? await sendWithOAuth2(ctx, sender, delivery.subscription_id, target, startedAt)
      : await sender.send(buildDeliveryRequest(target, startedAt));
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
    attemptId: newIdAt(now),
    startedAt: startedAt.toISOString(),
    durationMs: outcome.durationMs,
    isGone: decision.isGone,
    hasCallbacks: delivery.has_callbacks,
    ...(delivery.is_fifo ? { isFifo: true } : {}),
  };
  return { result, outcome };
}
