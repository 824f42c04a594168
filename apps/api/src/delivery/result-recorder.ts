import type { AppContext } from '../context';
import { exponentialDelayMs } from '../lib/backoff';
import { sendFinishedCallbacks } from './callbacks';
import type { CircuitBreaker } from './circuit-breaker';
import { type AttemptResult, recordAttemptResults } from './record-results';
import type { Sender } from './sender';
import { notifyDeliveryWorkers } from './wake';

const FLUSH_DELAY_MS = 2;
const RECORD_TRIES = 5;
/** Between tries of a batch: 20 ms doubling, well within the deliveries' lease. */
const RECORD_RETRY = { baseMs: 20, maxMs: 500 };

export type ResultRecorder = {
  /** Queues one result; a batch is written a few ms after its first result, or at once when full. */
  add(result: AttemptResult): void;
  /** Waits for the batches under way, then writes what is left. */
  drain(): Promise<void>;
};

/**
 * The delivery engine's results, written in batches, one batch at a time. The
 * occurrences a batch finishes get their event callbacks.
 */
export function createResultRecorder(
  ctx: AppContext,
  workerId: string,
  sender: Sender,
  breaker: CircuitBreaker,
): ResultRecorder {
  const { config, logger } = ctx;
  let results: AttemptResult[] = [];
  let flushChain: Promise<void> = Promise.resolve();
  let isFlushScheduled = false;

  async function flush() {
    const batch = results;
    results = [];
    if (batch.length === 0) return;
    const changes = await recordWithRetries(ctx, workerId, batch);
    if (!changes) return;
    breaker.closed(changes.closed);
    // A FIFO delivery gone final frees its key: the next one is claimed now, here or elsewhere.
    if (batch.some((r) => r.isFifo && r.status !== 'RETRYING')) notifyDeliveryWorkers(ctx);
    if (changes.tripped.length > 0) {
      breaker.open(changes.tripped).catch((error) => logger.error({ err: error }, 'could not open circuits'));
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

  return {
    add(result) {
      results.push(result);
      scheduleFlush();
    },
    async drain() {
      await flushChain;
      await flush();
    },
  };
}

/** Null when every try failed: the leases then expire and these deliveries are sent again (at least once). */
async function recordWithRetries(ctx: AppContext, workerId: string, batch: AttemptResult[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordAttemptResults(ctx, workerId, batch);
    } catch (error) {
      if (attempt >= RECORD_TRIES) {
        ctx.logger.error({ err: error, count: batch.length }, 'could not record delivery results');
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, exponentialDelayMs(attempt - 1, RECORD_RETRY)));
    }
  }
}
