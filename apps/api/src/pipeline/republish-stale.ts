import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { eventLogs, events } from '../db/schema';
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
  const shortCutoff = new Date(now.getTime() - ctx.config.QUEUE_REPUBLISH_AFTER_MS);
  const longestRetry = Math.max(...ctx.config.DELIVERY_RETRY_DELAYS_MS);
  const longCutoff = new Date(now.getTime() - ctx.config.QUEUE_REPUBLISH_AFTER_MS - 2 * longestRetry);
  // Touching updated_at claims the logs, so several workers do not republish the same ones.
  const claimed = await ctx.db
    .update(eventLogs)
    .set({ updatedAt: now })
    .where(
      inArray(
        eventLogs.id,
        sql`(SELECT ${eventLogs.id} FROM ${eventLogs}
             WHERE ${and(
               eq(eventLogs.status, 'PENDING'),
               or(
                 and(eq(eventLogs.autoRetryCount, 0), lt(eventLogs.updatedAt, shortCutoff)),
                 lt(eventLogs.updatedAt, longCutoff),
               ),
             )}
             ORDER BY ${eventLogs.updatedAt} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning({ id: eventLogs.id, eventDefinitionId: eventLogs.eventDefinitionId });
  for (const log of claimed) {
    const [event] = log.eventDefinitionId
      ? await ctx.db.select().from(events).where(eq(events.id, log.eventDefinitionId)).limit(1)
      : [];
    await publishEventLog(ctx, log, event ?? null);
  }
  if (claimed.length > 0)
    ctx.logger.warn({ count: claimed.length }, 'republished event logs left unpublished');
  return claimed.length;
}
