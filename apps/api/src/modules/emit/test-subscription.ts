import type { TSubscriptionTestResult } from '@wm/contracts';
import type { AppContext } from '../../context';
import { attemptDelivery } from '../../delivery/attempt-delivery';
import { outboundProxyOf } from '../../delivery/outbound-proxy';
import { toStoredPayload } from '../../delivery/plan-delivery-logs';
import { recordAttemptResults } from '../../delivery/record-results';
import {
  renderEventPayload,
  renderSubscriptionBody,
  toStoredEventPayload,
} from '../../delivery/render-payload';
import { createSender } from '../../delivery/sender';
import type { Caller } from '../../domain/consumer-scope';
import { notFound } from '../../domain/errors';
import { privateTargetRefusal, refusePrivateTarget } from '../../domain/target-url';
import { derivedId, newIdAt } from '../../lib/ids';
import { requireAccess, SUBSCRIPTION_NOT_FOUND, subscriptionAccess } from '../access';
import { describeTokenStep } from './describe-token-step';
import { findApplicationOutboundProxy, findEventById, insertOccurrenceWithDelivery } from './queries';

/**
 * Sends a sample event to a subscription the user may edit now, through the same sender and
 * signing as real deliveries, and logs it as an occurrence with one delivery log (one attempt, no
 * retries).
 */
export async function testSubscription(
  ctx: AppContext,
  user: Caller,
  subscriptionId: string,
): Promise<TSubscriptionTestResult> {
  const { row: subscription } = await requireAccess(ctx, user, subscriptionAccess, subscriptionId, 'write');
  const event = await findEventById(ctx.db, subscription.eventId);
  // Deleted meanwhile: the subscription went with it (ON DELETE CASCADE).
  if (!event) throw notFound(SUBSCRIPTION_NOT_FOUND);
  // A target saved before targets were checked on save, or a name now resolving to a private
  // address: the refusal is the answer, not a 200 carrying it.
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, subscription.targetUrl, 'targetUrl');
  const now = ctx.clock();
  const occurrenceId = newIdAt(now);
  const deliveryId = derivedId(occurrenceId, subscription.id);
  const workerId = `test:${deliveryId}`;
  const data = {
    test: true,
    message: 'Evento de teste enviado pelo Webhook Manager',
    subscriptionId: subscription.id,
    timestamp: now.toISOString(),
  };
  const renderInput = { occurrenceId, eventName: event.name, timestamp: now.toISOString(), data };
  const payload = renderEventPayload(event.bodyTemplate, renderInput);
  const payloadSent = renderSubscriptionBody(subscription.jsonBody, renderInput, payload);
  await insertOccurrenceWithDelivery(
    ctx.db,
    {
      id: occurrenceId,
      eventId: event.id,
      applicationId: event.applicationId,
      eventType: event.alias,
      data,
      payload: toStoredEventPayload(event.bodyTemplate, payload),
      headers: { 'x-webhook-manager-test': 'true' },
      createdAt: now,
    },
    // Leased to this request and never due, so no worker picks it up meanwhile.
    {
      id: deliveryId,
      occurrenceId,
      subscriptionId: subscription.id,
      eventId: event.id,
      status: 'PENDING',
      eventDataReceived: null,
      payloadSent: toStoredPayload(payloadSent, payload),
      nextAttemptAt: null,
      leaseUntil: new Date(now.getTime() + ctx.config.DELIVERY_TIMEOUT_MS * 2),
      leasedBy: workerId,
      createdAt: now,
      updatedAt: now,
    },
  );
  const sender = createSender({
    timeoutMs: ctx.config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: ctx.config.ALLOW_PRIVATE_TARGETS,
    proxy: outboundProxyOf(ctx.config),
  });
  try {
    const { result, outcome } = await attemptDelivery(ctx, sender, {
      id: deliveryId,
      occurrence_id: occurrenceId,
      subscription_id: subscription.id,
      attempt_count: 0,
      payload_sent: payloadSent,
      target_url: subscription.targetUrl,
      http_method: subscription.httpMethod,
      auth_type: subscription.authType,
      auth_details: subscription.authDetails,
      client_tls: subscription.clientTls,
      // A test leaves the way the application's real deliveries do.
      outbound_proxy: await findApplicationOutboundProxy(ctx.db, event.applicationId),
      secret: subscription.secret,
      max_retries: 0,
      emitted_at_ms: now.getTime(),
      trace_parent: null,
    });
    // A test never auto-disables the subscription (410 or failures in a row): only real deliveries do.
    await recordAttemptResults(ctx, workerId, [{ ...result, isGone: false, isTest: true }]);
    const tokenStep = describeTokenStep(subscription.authType, outcome.error);
    // The name (the target's, or the token URL's when the token step failed) resolved to a private
    // address only now: refused as when saved (the attempt is logged).
    if (outcome.isBlocked) {
      throw privateTargetRefusal(tokenStep?.success === false ? 'authDetails.tokenUrl' : 'targetUrl');
    }
    return {
      success: result.status === 'SUCCESS',
      httpStatusCode: outcome.httpStatusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
      responseBody: outcome.responseBody,
      deliveryLogId: deliveryId,
      tokenStep,
    };
  } finally {
    await sender.close();
  }
}
