import type { AppContext } from '../context';
import { attemptDelivery } from '../delivery/attempt-delivery';
import { sendFinishedCallbacks } from '../delivery/callbacks';
import { type CircuitBreaker, createCircuitBreaker } from '../delivery/circuit-breaker';
import { type ClaimedDelivery, takeBackOwnLeases, toClaimedDelivery } from '../delivery/claim';
import { observeAttempt } from '../delivery/delivery-metrics';
import { planDeliveryLogs } from '../delivery/plan-delivery-logs';
import { type AttemptResult, recordAttemptResults } from '../delivery/record-results';
import type { Sender } from '../delivery/sender';
import { createBatcher } from '../lib/batcher';
import { workerIncarnation } from '../lib/worker-identity';
import { createDeliveryLogInserts, toDeliveryLogRows } from './delivery-log-inserts';
import { createEndpointGate, type GatedTarget, type GatePass } from './endpoint-gate';
import type { DeliveryTry, QueuedDeliveries } from './process-event-log';
import { claimOpenDeliveries, releaseLeases } from './queued-delivery-queries';

const RECORD_BATCH = { maxSize: 512, maxInFlight: 1 };

const toGated = (delivery: ClaimedDelivery): GatedTarget => ({
  id: delivery.subscription_id,
  targetUrl: delivery.target_url,
  maxInFlight: delivery.max_in_flight ?? null,
  rateLimitPerSecond: delivery.rate_limit_per_second ?? null,
});

/**
 * The delivery engine seen from the queue consumer. Deliveries of a queued
 * occurrence never become due for the delivery workers (next_attempt_at stays
 * NULL): the consumer leases and sends them itself, and retries go through the queue.
 * Creating and recording are group-committed across the messages in flight.
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

  const inserts = createDeliveryLogInserts(ctx.database, ctx.clock);
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
  const send = async (
    pass: GatePass,
    delivery: ClaimedDelivery,
    isLastTry: boolean,
    traceParent: string | null,
  ): Promise<DeliveryTry> => {
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

  return {
    async prepare(started, slot) {
      const { event, occurrence } = started;
      if (started.hasDeliveries || !event) return null;
      if (!occurrence) return { claimed: [], isSlotTaken: false };
      const now = ctx.clock();
      const leaseUntil = new Date(now.getTime() + ctx.config.DELIVERY_LEASE_MS).toISOString();
      // An occurrence stores its payload only where it differs from its data.
      const payload = occurrence.payload ?? occurrence.data;
      const logs = planDeliveryLogs({
        event,
        targets: started.targets,
        occurrenceId: occurrence.id,
        headers: occurrence.headers,
        data: occurrence.data,
        payload,
        timestamp: occurrence.createdAt.toISOString(),
        now,
      });
      if (logs.length === 0) return { claimed: [], isSlotTaken: false };
      // Created already leased to this consumer, and never due for the delivery workers.
      const rows = toDeliveryLogRows(logs, payload, { leaseUntil, leasedBy: workerId, createdAt: now });
      // A concurrent prepare of the same occurrence loses on the (occurrence, subscription) key.
      const inserted = await inserts.insert({ occurrenceId: occurrence.id, rows, slot });
      // Lost the race to another delivery of this message: its deliveries are the winner's, so
      // settle nothing here; claimOpen counts them busy until they are final or their lease lapses.
      if (logs.some((log) => !inserted.ids.has(log.id))) return null;
      const bySubscription = new Map(started.targets.map((subscription) => [subscription.id, subscription]));
      const claimed = logs.flatMap((log): ClaimedDelivery[] => {
        const subscription = bySubscription.get(log.subscriptionId);
        if (log.status !== 'PENDING' || !inserted.ids.has(log.id) || !subscription) return [];
        return [
          toClaimedDelivery({ ...log, occurrenceId: occurrence.id }, subscription, event, {
            emittedAt: occurrence.createdAt,
            traceParent: occurrence.traceParent,
          }),
        ];
      });
      return { claimed, isSlotTaken: inserted.isSlotTaken };
    },

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
