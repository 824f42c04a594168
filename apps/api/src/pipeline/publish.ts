import type { AppContext } from '../context';
import type { eventLogs, events } from '../db/schema';
import type { Queue } from '../queue/types';
import { type MessageKind, type MessagePayload, messageCatalogue, toMessageBody } from './message-catalogue';

export type PublishMessageOptions = {
  /** Stable id of the message, kept across retries (e.g. the event log id). */
  id: string;
  /** Null or absent: the kind's default. */
  priority?: number | null;
  ttlMs?: number | null;
  /** The producer's span, continued by the consumer's. */
  traceparent?: string | null;
};

/** Puts one message of a catalogue kind on the queue, with the kind's defaults where the caller sets none. */
export async function publishMessage<K extends MessageKind>(
  queue: Queue,
  kind: K,
  payload: MessagePayload<K>,
  options: PublishMessageOptions,
): Promise<void> {
  const { defaults } = messageCatalogue[kind];
  await queue.publish({
    id: options.id,
    body: toMessageBody(kind, payload),
    priority: options.priority ?? defaults.priority,
    ttlMs: options.ttlMs ?? defaults.ttlMs,
    ...(options.traceparent ? { traceparent: options.traceparent } : {}),
  });
}

type EventSettings = Pick<typeof events.$inferSelect, 'id' | 'priority' | 'messageTtl'>;

/**
 * Puts an event log on the queue: a log of an event (a RABBITMQ emit) with its event's priority
 * and TTL, to deliver it; a log without one (a POST /emit-rules) with the defaults, to run the
 * application's rules. The consumer paces the sends of one event itself (pacing key: the event id),
 * right before each HTTP request. `traceparent`: the emit's span, when the emit publishes it.
 */
export async function publishEventLog(
  ctx: AppContext,
  log: Pick<typeof eventLogs.$inferSelect, 'id' | 'eventDefinitionId'>,
  event: EventSettings | null,
  traceparent: string | null = null,
): Promise<void> {
  if (!ctx.queue) throw new Error('queue not configured');
  const payload = { eventLogId: log.id };
  if (log.eventDefinitionId === null) {
    await publishMessage(ctx.queue, 'run-rules', payload, { id: log.id, traceparent });
    return;
  }
  await publishMessage(ctx.queue, 'event-log', payload, {
    id: log.id,
    priority: event?.priority,
    ttlMs: event?.messageTtl,
    traceparent,
  });
}
