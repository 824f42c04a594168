import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context';
import { settleWithin } from '../lib/settle-within';
import { attemptDelivery } from './attempt-delivery';
import { sendFinishedCallbacks } from './callbacks';
import { type ClaimedDelivery, claimDueDeliveries, releaseLeases } from './claim';
import { countAttempt } from './delivery-metrics';
import { startHousekeeping } from './housekeeping';
import { type AttemptResult, recordAttemptResults } from './record-results';
import { createSender, type Sender } from './sender';
import { listenForDueDeliveries, onDeliveryWake, registerLocalWorker } from './wake';

export type DeliveryEngine = {
  workerId: string;
  sender: Sender;
  /** Finishes the sends in flight, or after `graceMs` aborts them and releases their leases. */
  stop(options?: { graceMs?: number }): Promise<void>;
};

const FLUSH_DELAY_MS = 2;
const RECORD_TRIES = 5;
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
  const inFlight = new Set<Promise<void>>();
  const inFlightIds = new Set<string>();
  /** Set when a stop gave the in-flight deliveries back: their late results are not theirs to write. */
  let isAbandoned = false;
  const handedOver: ClaimedDelivery[] = [];
  let results: AttemptResult[] = [];
  let isRunning = true;
  let isWorkDue = false;
  let isWaitingForSlots = false;
  let wakeSleeper: (() => void) | null = null;
  let flushChain: Promise<void> = Promise.resolve();
  let isFlushScheduled = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeSleeper = done;
    });

  const unsubscribe = onDeliveryWake(ctx, (signal) => {
    if (signal.finishedOccurrenceIds) {
      sendFinishedCallbacks(ctx, sender, signal.finishedOccurrenceIds).catch((error) =>
        logger.error({ err: error }, 'event callbacks failed'),
      );
      return;
    }
    isWorkDue = true;
    wakeSleeper?.();
  });

  async function flush() {
    const batch = results;
    results = [];
    if (batch.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await recordAttemptResults(ctx, workerId, batch);
        break;
      } catch (error) {
        if (attempt >= RECORD_TRIES) {
          // The leases expire and these deliveries are sent again: at least once.
          logger.error({ err: error, count: batch.length }, 'could not record delivery results');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
    const finished = [
      ...new Set(
        batch.filter((r) => r.status !== 'RETRYING' && r.hasCallbacks !== false).map((r) => r.occurrenceId),
      ),
    ];
    if (finished.length > 0) {
      sendFinishedCallbacks(ctx, sender, finished).catch((error) =>
        logger.error({ err: error }, 'event callbacks failed'),
      );
    }
  }

  function scheduleFlush() {
    if (isFlushScheduled) return;
    isFlushScheduled = true;
    setTimeout(
      () => {
        isFlushScheduled = false;
        flushChain = flushChain.then(flush);
      },
      results.length >= config.DELIVERY_BATCH_SIZE ? 0 : FLUSH_DELAY_MS,
    );
  }

  function start(delivery: ClaimedDelivery) {
    inFlightIds.add(delivery.id);
    const task = attemptDelivery(config, sender, delivery)
      .then(({ result }) => {
        if (isAbandoned) return;
        countAttempt(ctx.metrics, result);
        results.push(result);
        scheduleFlush();
      })
      .catch((error) => logger.error({ err: error, deliveryId: delivery.id }, 'delivery attempt crashed'))
      .finally(() => {
        inFlight.delete(task);
        inFlightIds.delete(delivery.id);
        const next = handedOver.shift();
        if (next && isRunning) start(next);
        if (isWaitingForSlots && concurrency - inFlight.size >= refillAt) wakeSleeper?.();
      });
    inFlight.add(task);
  }

  async function run() {
    while (isRunning) {
      const room = concurrency - inFlight.size - handedOver.length;
      if (room < refillAt) {
        isWaitingForSlots = true;
        await sleep(config.DELIVERY_POLL_MS);
        isWaitingForSlots = false;
        continue;
      }
      isWorkDue = false;
      let claimed: ClaimedDelivery[] = [];
      try {
        claimed = await claimDueDeliveries(ctx, workerId, Math.min(claimSize, room));
      } catch (error) {
        if (isRunning) logger.error({ err: error }, 'could not claim deliveries');
      }
      for (const delivery of claimed) start(delivery);
      if (claimed.length === 0 && !isWorkDue && isRunning) await sleep(config.DELIVERY_POLL_MS);
    }
  }

  // Deliveries made due by other processes (an `--role api` process, a retry) wake this worker too;
  // if listening fails, polling still finds them.
  const listening = listenForDueDeliveries(ctx, () => {
    isWorkDue = true;
    wakeSleeper?.();
  }).catch((error) => {
    logger.warn({ err: error }, 'could not listen for due deliveries; polling only');
    return async () => {};
  });

  const unregister = registerLocalWorker(ctx, {
    workerId,
    canTake: (count) =>
      isRunning && inFlight.size + handedOver.length + count <= concurrency * BACKLOG_FACTOR,
    take(deliveries) {
      for (const delivery of deliveries) {
        if (inFlight.size < concurrency) start(delivery);
        else handedOver.push(delivery);
      }
    },
  });

  const loop = run();
  const stopHousekeeping = startHousekeeping(ctx, sender);
  logger.debug({ workerId }, 'delivery engine started');

  return {
    workerId,
    sender,
    async stop(options = {}) {
      isRunning = false;
      wakeSleeper?.();
      await stopHousekeeping();
      unsubscribe();
      unregister();
      await (await listening)();
      const unsent = handedOver.splice(0).map((delivery) => delivery.id);
      // Unsent hand-overs go back at once; if this fails their lease simply expires.
      await releaseLeases(ctx, workerId, unsent).catch((error) =>
        logger.warn({ err: error, count: unsent.length }, 'could not release delivery leases'),
      );
      await loop;
      const isSettled = await settleWithin(inFlight, options.graceMs ?? STOP_GRACE_MS);
      if (!isSettled) {
        // A target slower than the grace: its request is aborted and the delivery goes back to the
        // queue now (the receiver may have it already: at least once), not when the lease ends.
        const abandoned = [...inFlightIds];
        isAbandoned = true;
        logger.warn({ count: abandoned.length }, 'delivery stop: sends still in flight aborted and released');
        await releaseLeases(ctx, workerId, abandoned).catch((error) =>
          logger.warn({ err: error, count: abandoned.length }, 'could not release delivery leases'),
        );
      }
      await flushChain;
      await flush();
      await (isSettled ? sender.close() : sender.destroy());
    },
  };
}
