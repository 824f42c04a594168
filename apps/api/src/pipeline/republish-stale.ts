import type { AppContext } from '../context';
import {
  claimOwnUnpublishedEventLogs,
  claimUnpublishedEventLogs,
  findEventQueueSettings,
} from './event-log-statements';
import { publishEventLog } from './publish';

const BATCH = 100;

/**
 * An event log is committed before its message is published, so a process that
 * dies in between (or a publish that fails) leaves it PENDING with no message.
 * This puts such logs back on the queue: never-retried logs once they have sat
 * PENDING for QUEUE_REPUBLISH_AFTER_MS, retried ones only after their longest
 * retry delay could have passed too. Processing is idempotent, so a log whose
 * message was in fact still queued is at worst picked up twice.
 */
export async function republishStaleEventLogs(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const longestRetry = Math.max(...ctx.config.DELIVERY_RETRY_DELAYS_MS);
  const claimed = await claimUnpublishedEventLogs(ctx, {
    now,
    shortCutoff: new Date(now.getTime() - ctx.config.QUEUE_REPUBLISH_AFTER_MS),
    longCutoff: new Date(now.getTime() - ctx.config.QUEUE_REPUBLISH_AFTER_MS - 2 * longestRetry),
    limit: BATCH,
  });
  for (const log of claimed) {
    await publishEventLog(ctx, log, await findEventQueueSettings(ctx, log.eventDefinitionId));
  }
  if (claimed.length > 0)
    ctx.logger.warn({ count: claimed.length }, 'republished event logs left unpublished');
  return claimed.length;
}

/**
 * At start: publishes the PENDING logs this process's previous incarnation wrote (same WORKER_ID)
 * and may have died before publishing, at once rather than QUEUE_REPUBLISH_AFTER_MS later. Some
 * may have gone out before the crash: processing is idempotent, so those are at worst handled twice.
 * Answers how many.
 */
export async function republishOwnUnpublished(
  ctx: AppContext,
  writer: { prefix: string; id: string },
): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await claimOwnUnpublishedEventLogs(ctx, {
      prefix: writer.prefix,
      currentId: writer.id,
      now: ctx.clock(),
      limit: BATCH,
    });
    for (const log of claimed) {
      await publishEventLog(ctx, log, await findEventQueueSettings(ctx, log.eventDefinitionId));
    }
    total += claimed.length;
    if (claimed.length < BATCH) return total;
  }
}
