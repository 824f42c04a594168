import type { AppContext } from '../context';
import { type ClaimedDelivery, claimDueDeliveries } from './claim';
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
 */
export function startClaimLoop(
  ctx: AppContext,
  workerId: string,
  pool: SendPool,
  sizes: { concurrency: number; claimSize: number; refillAt: number },
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
    while (isRunning) {
      const room = sizes.concurrency - pool.held;
      if (room < sizes.refillAt) {
        isWaitingForSlots = true;
        await sleeper.sleep(config.DELIVERY_POLL_MS);
        isWaitingForSlots = false;
        continue;
      }
      isWorkDue = false;
      let claimed: ClaimedDelivery[] = [];
      try {
        claimed = await claimDueDeliveries(ctx, workerId, Math.min(sizes.claimSize, room));
      } catch (error) {
        if (isRunning) logger.error({ err: error }, 'could not claim deliveries');
      }
      markFirstClaim();
      for (const delivery of claimed) pool.start(delivery);
      if (claimed.length === 0 && !isWorkDue && isRunning) await sleeper.sleep(config.DELIVERY_POLL_MS);
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
