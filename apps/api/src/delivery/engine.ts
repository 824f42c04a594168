import type { AppContext } from '../context';
import { workerIncarnation } from '../lib/worker-identity';
import { sendFinishedCallbacks } from './callbacks';
import { type CircuitBreaker, createCircuitBreaker } from './circuit-breaker';
import { releaseLeases, takeBackOwnLeases } from './claim';
import { startClaimLoop } from './claim-loop';
import { reportInFlight } from './delivery-metrics';
import { BACKLOG_FACTOR, shareOf } from './fair-queues';
import { outboundProxyOf } from './outbound-proxy';
import { createResultRecorder } from './result-recorder';
import { createSendPool } from './send-pool';
import { createSender, type Sender } from './sender';
import { listenForDueDeliveries, onDeliveryWake, registerLocalWorker } from './wake';

export type DeliveryEngine = {
  workerId: string;
  sender: Sender;
  /** Its circuit breaker, refreshed by the job scheduler. */
  breaker: CircuitBreaker;
  /**
   * Resolves once the engine has made its first claim and listens for deliveries made due elsewhere:
   * from then on a delivery made due anywhere reaches it without waiting for a poll.
   */
  ready: Promise<void>;
  /** Finishes the sends in flight, or after `graceMs` aborts them and releases their leases. */
  stop(options?: { graceMs?: number }): Promise<void>;
};

/**
 * How long a stop waits for the requests in flight before it aborts them and gives their
 * deliveries back: well under the process's forced exit, whatever DELIVERY_TIMEOUT_MS is.
 */
export const STOP_GRACE_MS = 10_000;

/**
 * The delivery worker of this process: claims due deliveries in batches, sends
 * up to DELIVERY_CONCURRENCY at once, and records results in batches. Wakes at
 * once on an emit in this process, else polls every DELIVERY_POLL_MS.
 */
export function startDeliveryEngine(ctx: AppContext): DeliveryEngine {
  const { config, logger } = ctx;
  const { id: workerId, prefix } = workerIncarnation('delivery', config.workerName);
  const sender = createSender({
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    proxy: outboundProxyOf(config),
  });
  const concurrency = config.DELIVERY_CONCURRENCY;
  const claimSize = Math.min(config.DELIVERY_BATCH_SIZE, concurrency);
  // Claim again once a quarter of the slots are free, so sends never wait for a whole batch to finish.
  const refillAt = Math.max(1, Math.floor(claimSize / 4));
  const breaker = createCircuitBreaker(ctx, workerId);
  const recorder = createResultRecorder(ctx, workerId, sender, breaker);
  const pool = createSendPool(ctx, sender, breaker, {
    concurrency,
    share: shareOf(concurrency, config.DELIVERY_ENDPOINT_SHARE),
    onResult: (result) => recorder.add(result),
    onSendFinished: () => loop.onSendFinished(),
  });
  // Deliveries this worker's previous incarnation held when it died are due again before the
  // first claim, not a lease later.
  const takenBack = takeBackOwnLeases(ctx, prefix, workerId).then(
    (count) => {
      if (count > 0) logger.info({ count }, 'took back the leases of this worker before its restart');
    },
    (error) =>
      logger.warn({ err: error }, 'could not take back the leases of this worker before its restart'),
  );
  const loop = startClaimLoop(ctx, workerId, pool, breaker, { concurrency, claimSize, refillAt }, takenBack);
  // A circuit that opened (here or in another process): its waiting deliveries go back, deferred.
  breaker.onOpened((subscriptionIds) => {
    const deferred = pool.deferWaiting(subscriptionIds);
    if (deferred.length > 0) giveLeasesBack(ctx, workerId, deferred);
  });
  breaker.refresh().catch((error) => logger.warn({ err: error }, 'could not read the circuit breakers'));
  const stopInFlightMetrics = reportInFlight(ctx, () => pool.inFlightBySubscription());

  const unsubscribe = onDeliveryWake(ctx, (signal) => {
    if (signal.finishedOccurrenceIds) {
      sendFinishedCallbacks(ctx, sender, signal.finishedOccurrenceIds).catch((error) =>
        logger.error({ err: error }, 'event callbacks failed'),
      );
      return;
    }
    loop.wake();
  });
  // Deliveries made due by other processes (an `--role api` process, a retry) wake this worker too;
  // while it cannot listen, polling still finds them.
  const listening = listenForDueDeliveries(ctx, () => loop.wake());
  const unregister = registerLocalWorker(ctx, {
    workerId,
    canTake: (deliveries) =>
      loop.isRunning &&
      pool.held + deliveries.length <= concurrency * BACKLOG_FACTOR &&
      pool.canTake(deliveries),
    take: (deliveries) => {
      const refused = pool.add(deliveries);
      if (refused.length > 0) giveLeasesBack(ctx, workerId, refused);
    },
  });
  logger.debug({ workerId }, 'delivery engine started');

  return {
    workerId,
    sender,
    breaker,
    ready: Promise.all([loop.firstClaim, listening.ready]).then(() => {}),
    async stop(options = {}) {
      loop.stop();
      pool.close();
      stopInFlightMetrics();
      unsubscribe();
      unregister();
      await listening.stop();
      // A claim in flight when stop began lands in the pool's waiting: wait for it first, so those
      // go back with the unsent hand-overs at once (if this fails their lease simply expires).
      await loop.running;
      await giveLeasesBack(ctx, workerId, pool.takeWaiting());
      const isSettled = await pool.settle(options.graceMs ?? STOP_GRACE_MS);
      if (!isSettled) {
        // A target slower than the grace: its request is aborted and the delivery goes back to the
        // queue now (the receiver may have it already: at least once), not when the lease ends.
        const abandoned = pool.abandon();
        logger.warn({ count: abandoned.length }, 'delivery stop: sends still in flight aborted and released');
        await giveLeasesBack(ctx, workerId, abandoned);
      }
      await recorder.drain();
      await (isSettled ? sender.close() : sender.destroy());
    },
  };
}

/** Releases leases now; if that fails they simply expire. */
async function giveLeasesBack(ctx: AppContext, workerId: string, ids: string[]) {
  await releaseLeases(ctx, workerId, ids).catch((error) =>
    ctx.logger.warn({ err: error, count: ids.length }, 'could not release delivery leases'),
  );
}
