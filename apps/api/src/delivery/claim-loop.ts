import type { AppContext } from '../context';
import type { CircuitBreaker } from './circuit-breaker';
import { type ClaimedDelivery, claimDueDeliveries, claimProbeDelivery, releaseLeases } from './claim';
import { BACKLOG_FACTOR } from './fair-queues';
import type { SendPool } from './send-pool';

export type ClaimLoop = {
  /** Resolves once the loop has stopped. */
  readonly running: Promise<void>;
  readonly isRunning: boolean;
  /** Resolves once the first claim is made (or failed): from then on the loop polls or waits to be woken. */
  readonly firstClaim: Promise<void>;
  /** Deliveries were made due: claim now instead of at the next poll. */
  wake(): void;
  /** A send finished: if the loop waits for free slots and enough are free, claim now. */
  onSendFinished(): void;
  stop(): void;
};

/**
 * Claims due deliveries into the pool while it has room: a batch of up to
 * `claimSize`, again once `refillAt` slots are free (so sends never wait for a
 * whole batch to finish), and otherwise every DELIVERY_POLL_MS unless woken.
 * The claim skips the subscriptions whose backlog in the pool is full; what a batch brings beyond
 * a backlog is given back at once. Each turn also sends the probes of circuits whose cool-down ended.
 */
export function startClaimLoop(
  ctx: AppContext,
  workerId: string,
  pool: SendPool,
  breaker: CircuitBreaker,
  sizes: { concurrency: number; claimSize: number; refillAt: number },
  /** Settles once what must precede the first claim is done (a dead incarnation's leases taken back). */
  readyToClaim: Promise<void> = Promise.resolve(),
): ClaimLoop {
  const { config, logger } = ctx;
  const sleeper = createSleeper();
  let isRunning = true;
  let isWorkDue = false;
  let isWaitingForSlots = false;
  let markFirstClaim: () => void = () => {};
  const firstClaim = new Promise<void>((resolve) => {
    markFirstClaim = resolve;
  });

  async function run() {
    await readyToClaim;
    while (isRunning) {
      await sendDueProbes();
      const room = Math.min(sizes.concurrency - pool.sending, sizes.concurrency * BACKLOG_FACTOR - pool.held);
      if (room < sizes.refillAt) {
        isWaitingForSlots = true;
        await sleeper.sleep(config.DELIVERY_POLL_MS);
        isWaitingForSlots = false;
        continue;
      }
      isWorkDue = false;
      let claimed: ClaimedDelivery[] = [];
      let refused: string[] = [];
      try {
        claimed = await claimDueDeliveries(
          ctx,
          workerId,
          Math.min(sizes.claimSize, room),
          pool.skippedSubscriptions(),
        );
        refused = pool.add(claimed);
        // Over a subscription's backlog: back at once, for this or another worker to take later.
        if (refused.length > 0) await releaseLeases(ctx, workerId, refused);
      } catch (error) {
        if (isRunning) logger.error({ err: error }, 'could not claim deliveries');
      }
      markFirstClaim();
      // All given back (their host is full, which the claim cannot skip by subscription): claiming
      // again at once would spin on the same rows, and on the embedded database, whose queries never
      // wait on I/O, starve the very sends that would make room. Wait for a send to end instead.
      const isStalled = claimed.length > 0 && refused.length === claimed.length;
      if ((claimed.length === 0 || isStalled) && !isWorkDue && isRunning) {
        isWaitingForSlots = isStalled;
        await sleeper.sleep(config.DELIVERY_POLL_MS);
        isWaitingForSlots = false;
      }
    }
  }

  /** One probe per circuit whose cool-down ended, if this worker wins it and a delivery is due. */
  async function sendDueProbes() {
    for (const subscriptionId of breaker.dueProbes()) {
      try {
        if (!(await breaker.takeProbe(subscriptionId))) continue;
        const delivery = await claimProbeDelivery(ctx, workerId, subscriptionId);
        if (delivery) pool.probe(delivery);
        else await breaker.dropProbe(subscriptionId);
      } catch (error) {
        logger.warn({ err: error, subscriptionId }, 'circuit probe failed to start');
      }
    }
  }

  const running = run().finally(() => markFirstClaim());
  return {
    running,
    firstClaim,
    get isRunning() {
      return isRunning;
    },
    wake() {
      isWorkDue = true;
      sleeper.wake();
    },
    onSendFinished() {
      if (isWaitingForSlots && sizes.concurrency - pool.sending >= sizes.refillAt) sleeper.wake();
    },
    stop() {
      isRunning = false;
      sleeper.wake();
    },
  };
}

/** A sleep that `wake` ends early. */
function createSleeper() {
  let wakeSleeper: (() => void) | null = null;
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakeSleeper = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakeSleeper = done;
      }),
    wake: () => wakeSleeper?.(),
  };
}
