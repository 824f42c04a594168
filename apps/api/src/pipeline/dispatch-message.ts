import type { AppContext } from '../context';
import { LATENCY_SECONDS_BUCKETS } from '../lib/metrics';
import { inSpan, SpanKind } from '../lib/tracing';
import type { ExpiryHandler, HandlerOutcome, MessageHandler, Queue, QueueMessage } from '../queue/types';
import {
  type MessageDefaults,
  type MessageKind,
  type MessagePayload,
  messageCatalogue,
  readMessageBody,
} from './message-catalogue';

/**
 * What a handler gets besides its payload: the queue's view of the message, its kind's defaults,
 * and the traceparent of the message's span (the parent of the handler's own spans).
 */
export type MessageContext = { message: QueueMessage; defaults: MessageDefaults; traceParent: string | null };

/** The consumer's work for one kind: `handle` each message, `expire` one whose TTL passed first. */
export type KindHandler<K extends MessageKind> = {
  handle(payload: MessagePayload<K>, context: MessageContext): Promise<HandlerOutcome>;
  expire?(payload: MessagePayload<K>, context: MessageContext): Promise<void>;
};

/** What the consumer counts of a message of a known kind: a handler's outcome, its error, or its expiry. */
const MESSAGE_OUTCOMES = ['ack', 'retry', 'defer', 'expired', 'error'] as const satisfies ReadonlyArray<
  HandlerOutcome['type'] | 'expired' | 'error'
>;

/** One handler per catalogue kind: a kind added to the catalogue does not compile until it has one. */
export type MessageHandlers = { [K in MessageKind]: KindHandler<K> };

/**
 * The queue consumer's two callbacks, dispatching on the body's kind, each message in a span
 * continuing its producer's and counted by kind and outcome, its wait for a consumer observed.
 * A body the catalogue does not know (or whose payload does not parse) is logged and dropped:
 * retrying it could never succeed.
 */
export function dispatchByKind(
  ctx: Pick<AppContext, 'logger' | 'metrics' | 'tracing'>,
  backend: Queue['kind'],
  handlers: MessageHandlers,
): { handle: MessageHandler; onExpired: ExpiryHandler } {
  const { logger, metrics, tracing } = ctx;
  const route = (message: QueueMessage) => {
    const read = readMessageBody(message.body);
    if (!read) return null;
    const handler = handlers[read.kind] as KindHandler<MessageKind>;
    const context = { message, defaults: messageCatalogue[read.kind].defaults, traceParent: null };
    return { kind: read.kind, handler, payload: read.payload, context };
  };
  const help = 'Queue messages handled by this process, by kind and outcome';
  const count = (kind: string, outcome: string, by = 1) =>
    metrics.increment('webhook_queue_messages_total', help, { kind, outcome }, by);
  const lagHelp = 'Seconds a queue message waited for a consumer once due, by queue backend';
  // Every known series at zero from the start: a dashboard reading them before the first queued
  // message (a deployment with immediate events only) shows zero, not "no data".
  for (const kind of Object.keys(messageCatalogue)) {
    for (const outcome of MESSAGE_OUTCOMES) count(kind, outcome, 0);
  }
  count('unknown', 'dropped', 0);
  metrics.zeroHistogram('webhook_queue_lag_seconds', lagHelp, { backend }, LATENCY_SECONDS_BUCKETS);
  return {
    async handle(message) {
      metrics.observe(
        'webhook_queue_lag_seconds',
        lagHelp,
        message.waitedMs / 1000,
        { backend },
        LATENCY_SECONDS_BUCKETS,
      );
      const routed = route(message);
      if (!routed) {
        logger.error({ messageId: message.id }, 'unknown queue message dropped');
        count('unknown', 'dropped');
        return { type: 'ack' };
      }
      const spanOptions = { kind: SpanKind.CONSUMER, parent: message.traceparent };
      return inSpan(tracing, `webhook.queue.process ${routed.kind}`, spanOptions, async (span) => {
        if (span.isRecording()) {
          span.setAttributes({
            'messaging.system': backend === 'rabbitmq' ? 'rabbitmq' : 'postgresql',
            'messaging.message.id': message.id,
            'webhook.message_kind': routed.kind,
            'webhook.queue.retries': message.attempts,
          });
        }
        const context = { ...routed.context, traceParent: tracing.traceparentOf(span) };
        const outcome = await routed.handler.handle(routed.payload, context).catch((error: unknown) => {
          count(routed.kind, 'error');
          throw error;
        });
        span.setAttribute('webhook.queue.outcome', outcome.type);
        count(routed.kind, outcome.type);
        return outcome;
      });
    },
    async onExpired(message) {
      const routed = route(message);
      await routed?.handler.expire?.(routed.payload, routed.context);
      count(routed?.kind ?? 'unknown', 'expired');
    },
  };
}
