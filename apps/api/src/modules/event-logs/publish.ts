import type { AppContext } from '../../context';
import type { eventLogs, events } from '../../db/schema';

export const DEFAULT_PRIORITY = 5;
export const DEFAULT_MESSAGE_TTL_MS = 3_600_000;
export const DEFAULT_DELAY_BETWEEN_SENDS_MS = 1_000;
export const DEFAULT_MAX_RETRIES = 3;

export const pacingKeyOf = (eventDefinitionId: string) => `event:${eventDefinitionId}`;

/** Body of a queued event-log message: the consumer reloads everything else from the database. */
export type EventLogMessage = { kind: 'event-log'; eventLogId: string };

type EventSettings = Pick<typeof events.$inferSelect, 'id' | 'priority' | 'messageTtl'>;

/**
 * Puts an event log on the queue with its event's priority and TTL. The
 * consumer paces the sends of one event itself (pacing key: the event id),
 * right before each HTTP request.
 */
export async function publishEventLog(
  ctx: AppContext,
  log: Pick<typeof eventLogs.$inferSelect, 'id'>,
  event: EventSettings | null,
): Promise<void> {
  if (!ctx.queue) throw new Error('queue not configured');
  const body: EventLogMessage = { kind: 'event-log', eventLogId: log.id };
  await ctx.queue.publish({
    id: log.id,
    body,
    priority: event?.priority ?? DEFAULT_PRIORITY,
    ttlMs: event?.messageTtl ?? DEFAULT_MESSAGE_TTL_MS,
  });
}
