import type { ClaimedRow, DatabaseQueueStatements } from './database-queue-statements';
import { type Engine, processMessage } from './process-message';
import { type ConsumeOptions, DEFAULT_STOP_GRACE_MS, type MessageHandler, settleWithin } from './types';

export type DatabaseConsumer = {
  /** A message was published or a slot freed: claim now instead of at the next poll. */
  wake(): void;
  /** Stops claiming and waits (up to graceMs) for the messages in flight. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * One consumer of the database queue: claims as many messages as it has free
 * slots, runs each through the handler and settles it; polls every `pollMs`
 * unless woken. A message it cannot settle stays leased and comes back when
 * the lease ends.
 */
export function startDatabaseConsumer(
  deps: Engine & { pollMs: number },
  statements: DatabaseQueueStatements,
  handler: MessageHandler,
  options: ConsumeOptions & { concurrency: number },
): DatabaseConsumer {
  const { logger } = deps;
  const inFlight = new Set<Promise<void>>();
  let isStopped = false;
  let hasNews = false;
  let endSleep: () => void = () => {};
  const wake = () => {
    hasNews = true;
    endSleep();
  };

  const run = async (row: ClaimedRow) => {
    try {
      const decision = await processMessage(
        deps,
        {
          message: {
            id: row.message_id,
            body: row.body,
            priority: row.priority,
            attempts: row.attempts,
            waitedMs: Math.max(0, Number(row.waited_ms)),
            ...(row.trace_parent ? { traceparent: row.trace_parent } : {}),
          },
          expiresAt: row.is_expired ? 0 : row.expires_at_ms === null ? null : Number(row.expires_at_ms),
          pacingKey: row.pacing_key,
          pacingMs: row.pacing_ms ?? 0,
        },
        handler,
        options,
      );
      await statements.settle(row, decision);
    } catch (error) {
      // Left leased: it comes back when the lease ends.
      logger.error({ err: error, messageId: row.message_id }, 'queue message not settled');
    }
  };

  const claimFree = async (free: number): Promise<ClaimedRow[]> => {
    if (free <= 0) return [];
    try {
      return await statements.claim(free);
    } catch (error) {
      logger.error({ err: error }, 'queue claim failed');
      return [];
    }
  };

  const loop = async () => {
    while (!isStopped) {
      const free = options.concurrency - inFlight.size;
      const claimed = await claimFree(free);
      for (const row of claimed) {
        const task = run(row).finally(() => {
          inFlight.delete(task);
          wake();
        });
        inFlight.add(task);
      }
      if (claimed.length > 0 && claimed.length === free) continue;
      if (hasNews) {
        hasNews = false;
        if (claimed.length > 0 || free > 0) continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.pollMs);
        endSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endSleep = () => {};
      hasNews = false;
    }
  };
  const looping = loop();

  return {
    wake,
    async stop(graceMs = DEFAULT_STOP_GRACE_MS) {
      if (isStopped) return;
      isStopped = true;
      wake();
      await looping;
      // Abandoned messages stay leased and come back when the lease ends.
      await settleWithin(inFlight, graceMs);
    },
  };
}
