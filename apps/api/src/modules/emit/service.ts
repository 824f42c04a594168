import type { TEmitResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import { type ClaimedDelivery, toClaimedDelivery } from '../../delivery/claim';
import type { PlannedDeliveryLog } from '../../delivery/plan-delivery-logs';
import { findLocalWorker, notifyDeliveryWorkers, notifyOccurrencesFinished } from '../../delivery/wake';
import { newIdAt } from '../../lib/ids';
import { inSpan, type Span } from '../../lib/tracing';
import { toEmitRecord } from './batch-queries';
import { authorizeEmitter, type EmitInput, type Emitter } from './emit-input';
import type { EmitEvent, EmitSubscription } from './emit-rows';
import { findPreviousAnswer } from './idempotency';
import { loadCheckedTarget, planEmit } from './plan-emit';
import { publishOrLeaveToSweep } from './publish-or-sweep';
import { recordEmit } from './record-emits';

/**
 * Records an occurrence of an event and fans it out: atomically the
 * occurrence and one delivery log per ACTIVE subscription (PENDING when its
 * filters pass, IGNORED with the reason otherwise), or an event log for a
 * queued event. A repeated idempotency key within 24 h answers the first
 * result and emits nothing. With `apiKeyHash` the caller's key is checked on
 * the same read (a wrong key answers 401 before anything else).
 */
export async function emitEvent(ctx: AppContext, input: EmitInput & Emitter): Promise<TEmitResponse> {
  await authorizeEmitter(ctx, input, input.applicationId);
  return inSpan(ctx.tracing, 'webhook.emit', { parent: input.traceparent }, (span) =>
    recordAndDispatch(ctx, input, span),
  );
}

async function recordAndDispatch(
  ctx: AppContext,
  input: EmitInput & Emitter,
  span: Span,
): Promise<TEmitResponse> {
  const target = await loadCheckedTarget(ctx, input);
  const idempotencyKey = input.externalEventId ?? input.idempotencyKey ?? null;
  const now = ctx.clock();
  if (idempotencyKey && !input.isKeyLikelyNew) {
    const previous = await findPreviousAnswer(ctx, input, idempotencyKey, now);
    if (previous) return previous;
  }
  const { event, occurrenceId, headers, timestamp, payload, logs, schemaCheck } = planEmit(
    target,
    input,
    now,
  );
  const due = logs.filter((log) => log.status === 'PENDING');
  const answer: TEmitResponse = {
    occurrenceId,
    eventId: occurrenceId,
    deliveries: due.length,
    ignored: logs.length - due.length,
  };
  // RABBITMQ events go through the queue: an event log now, the deliveries when the consumer takes it.
  const eventLogId = event.queueType === 'RABBITMQ' ? newIdAt(now) : null;
  const traceParent = ctx.tracing.traceparentOf(span);
  if (span.isRecording()) {
    span.setAttributes({
      'webhook.application_id': input.applicationId,
      'webhook.event_type': input.eventType,
      'webhook.occurrence_id': occurrenceId,
      'webhook.queue_type': event.queueType,
      'webhook.deliveries': answer.deliveries,
      'webhook.ignored': answer.ignored,
    });
  }
  // Due deliveries of an ACTIVE event go straight to this process's worker, leased at birth; a FIFO
  // event's never do: only the claim, which takes each key's oldest open delivery, may send them.
  const isFifo = event.queueType === 'FIFO';
  const worker =
    !eventLogId && !isFifo && event.status === 'ACTIVE' && due.length > 0 ? findLocalWorker(ctx) : null;
  const handedOver = worker
    ? toClaimed(due, target.subscriptions, event, { emittedAt: now, traceParent })
    : [];
  const leasedBy = worker?.canTake(handedOver) ? worker.workerId : null;

  const isRecorded = await recordEmit(
    ctx,
    toEmitRecord({
      input,
      event,
      occurrenceId,
      idempotencyKey,
      headers,
      payload,
      answer,
      timestamp,
      traceParent,
      schemaCheck,
      deliveryLogs: eventLogId ? [] : logs,
      leasedBy,
      eventLogId,
      orderingKey: isFifo ? (input.orderingKey ?? '') : null,
    }),
  );

  if (!isRecorded && idempotencyKey) {
    const previous = await findPreviousAnswer(ctx, input, idempotencyKey, now);
    if (previous) return previous;
  }
  if (eventLogId) {
    await publishOrLeaveToSweep(ctx, { id: eventLogId, eventDefinitionId: event.id }, event, traceParent);
  } else if (worker && leasedBy) {
    worker.take(handedOver);
  } else if (due.length > 0) {
    notifyDeliveryWorkers(ctx);
  } else if (event.enableCallbacks) {
    notifyOccurrencesFinished(ctx, [occurrenceId]);
  }
  return answer;
}

/** The just-inserted due deliveries as the worker would have claimed them. */
function toClaimed(
  due: PlannedDeliveryLog[],
  targets: EmitSubscription[],
  event: EmitEvent,
  emit: Parameters<typeof toClaimedDelivery>[3],
): ClaimedDelivery[] {
  const byId = new Map(targets.map((subscription) => [subscription.id, subscription]));
  return due.flatMap((log) => {
    const subscription = byId.get(log.subscriptionId);
    return subscription ? [toClaimedDelivery(log, subscription, event, emit)] : [];
  });
}
