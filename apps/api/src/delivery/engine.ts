import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context';
import { sendFinishedCallbacks } from './callbacks';
import { releaseLeases } from './claim';
import { startClaimLoop } from './claim-loop';
import { startHousekeeping } from './housekeeping';
import { createResultRecorder } from './result-recorder';
import { createSendPool } from './send-pool';
import { createSender, type Sender } from './sender';
import { listenForDueDeliveries, onDeliveryWake, registerLocalWorker } from './wake';

export type DeliveryEngine = {
  workerId: string;
  sender: Sender;
  /**
   * Resolves once the engine has made its first claim and listens for deliveries made due elsewhere:
   * from then on a delivery made due anywhere reaches it without waiting for a poll.
   */
  ready: Promise<void>;
  /** Finishes the sends in flight, or after `graceMs` aborts them and releases their leases. */
  stop(options?: { graceMs?: number }): Promise<void>;
};

/** Handed-over deliveries wait at most this many times the concurrency, so their lease stays young. */
const BACKLOG_FACTOR = 4;
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
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const sender = createSender({
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
  });
  const concurrency = config.DELIVERY_CONCURRENCY;
  const claimSize = Math.min(config.DELIVERY_BATCH_SIZE, concurrency);
  // Claim again once a quarter of the slots are free, so sends never wait for a whole batch to finish.
  const refillAt = Math.max(1, Math.floor(claimSize / 4));
  const recorder = createResultRecorder(ctx, workerId, sender);
  const pool = createSendPool(ctx, sender, {
    concurrency,
    onResult: (result) => recorder.add(result),
    onSendFinished: () => loop.onSendFinished(),
  });
  const loop = startClaimLoop(ctx, workerId, pool, { concurrency, claimSize, refillAt });

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
  // if listening fails, polling still finds them.
  const listening = listenForDueDeliveries(ctx, () => loop.wake()).catch((error) => {
    logger.warn({ err: error }, 'could not listen for due deliveries; polling only');
    return async () => {};
  });
  const unregister = registerLocalWorker(ctx, {
    workerId,
    canTake: (count) => loop.isRunning && pool.held + count <= concurrency * BACKLOG_FACTOR,
    take: (deliveries) => pool.take(deliveries),
  });
  const stopHousekeeping = startHousekeeping(ctx, sender);
  logger.debug({ workerId }, 'delivery engine started');

  return {
    workerId,
    sender,
    ready: Promise.all([loop.firstClaim, listening]).then(() => {}),
    async stop(options = {}) {
      loop.stop();
      pool.close();
      await stopHousekeeping();
      unsubscribe();
      unregister();
      await (await listening)();
      // Unsent hand-overs go back at once; if this fails their lease simply expires.
      await giveLeasesBack(ctx, workerId, pool.takeWaiting());
      await loop.running;
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
