import type { AppContext } from '../context';
import { sendFinishedCallbacks } from '../delivery/callbacks';
import { type CircuitBreaker, createCircuitBreaker } from '../delivery/circuit-breaker';
import { type ClaimedDelivery, takeBackOwnLeases } from '../delivery/claim';
import type { Sender } from '../delivery/sender';
import { workerIncarnation } from '../lib/worker-identity';
import { createEndpointGate } from './endpoint-gate';
import { createQueuedPrepare } from './prepare-queued-deliveries';
import type { QueuedDeliveries } from './process-event-log';
import { claimOpenDeliveries, releaseLeases } from './queued-delivery-queries';
import { createQueuedSend } from './queued-send';

/**
 * The delivery engine seen from the queue consumer. Deliveries of a queued
 * occurrence never become due for the delivery workers (next_attempt_at stays
 * NULL): the consumer leases and sends them itself, and retries go through the queue.
 * Creating (`prepare-queued-deliveries.ts`) and recording (`queued-send.ts`) are group-committed
 * across the messages in flight.
 */
export function createQueuedDeliveries(
  ctx: AppContext,
  sender: Sender,
): QueuedDeliveries<ClaimedDelivery> & { breaker: CircuitBreaker } {
  // A redelivered message claims its open deliveries once their lease ended or, from this
  // worker's next incarnation, at once (see `takeBackOwnLeases` at start).
  const { id: workerId, prefix } = workerIncarnation('queue', ctx.config.workerName);
  takeBackOwnLeases(ctx, prefix, workerId).catch((error) =>
    ctx.logger.warn({ err: error }, 'could not take back the leases of this worker before its restart'),
  );
  const breaker = createCircuitBreaker(ctx, workerId);
  breaker.refresh().catch((error) => ctx.logger.warn({ err: error }, 'could not read the circuit breakers'));
  const gate = createEndpointGate(ctx, breaker);

  const prepare = createQueuedPrepare(ctx, workerId);
  const send = createQueuedSend(ctx, sender, workerId, breaker);

  return {
    prepare,

    claimOpen: (occurrenceId) => claimOpenDeliveries(ctx, occurrenceId, workerId),

    async release(claimed) {
      if (claimed.length === 0) return;
      await releaseLeases(
        ctx.db,
        claimed.map((delivery) => delivery.id),
        workerId,
      );
    },

    enter(targets) {
      const entry = gate.enter(
        targets
          .filter((target) => target.status === 'ACTIVE')
          .map((target) => ({
            id: target.id,
            targetUrl: target.targetUrl,
            maxInFlight: target.maxInFlight,
            rateLimitPerSecond: target.rateLimitPerSecond,
          })),
      );
      if (entry.type === 'wait') return entry;
      const { pass } = entry;
      return {
        type: 'go',
        pass: {
          send: (delivery, isLastTry, traceParent) => send(pass, delivery, isLastTry, traceParent),
          leave: () => pass.leave(),
        },
      };
    },

    async finish(occurrenceId) {
      await sendFinishedCallbacks(ctx, sender, [occurrenceId]);
    },

    breaker,
  };
}
