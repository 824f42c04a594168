import type { Logger } from 'pino';
import type { ExpiryHandler, HandlerOutcome, MessageHandler, QueueMessage } from '../queue/types';
import {
  type MessageDefaults,
  type MessageKind,
  type MessagePayload,
  messageCatalogue,
  readMessageBody,
} from './message-catalogue';

/** What a handler gets besides its payload: the queue's view of the message and its kind's defaults. */
export type MessageContext = { message: QueueMessage; defaults: MessageDefaults };

/** The consumer's work for one kind: `handle` each message, `expire` one whose TTL passed first. */
export type KindHandler<K extends MessageKind> = {
  handle(payload: MessagePayload<K>, context: MessageContext): Promise<HandlerOutcome>;
  expire?(payload: MessagePayload<K>, context: MessageContext): Promise<void>;
};

/** One handler per catalogue kind: a kind added to the catalogue does not compile until it has one. */
export type MessageHandlers = { [K in MessageKind]: KindHandler<K> };

/**
 * The queue consumer's two callbacks, dispatching on the body's kind. A body
 * the catalogue does not know (or whose payload does not parse) is logged and
 * dropped: retrying it could never succeed.
 */
export function dispatchByKind(
  logger: Logger,
  handlers: MessageHandlers,
): { handle: MessageHandler; onExpired: ExpiryHandler } {
  const route = (message: QueueMessage) => {
    const read = readMessageBody(message.body);
    if (!read) return null;
    const handler = handlers[read.kind] as KindHandler<MessageKind>;
    const context = { message, defaults: messageCatalogue[read.kind].defaults };
    return { handler, payload: read.payload, context };
  };
  return {
    async handle(message) {
      const routed = route(message);
      if (!routed) {
        logger.error({ messageId: message.id }, 'unknown queue message dropped');
        return { type: 'ack' };
      }
      return routed.handler.handle(routed.payload, routed.context);
    },
    async onExpired(message) {
      const routed = route(message);
      await routed?.handler.expire?.(routed.payload, routed.context);
    },
  };
}
