import type { AppContext } from '../../src/context';
import type { HandlerOutcome } from '../../src/queue/types';

export type HandlerOutcomes = {
  /** What the consumer's handler decided for message `id`, in order. */
  of(id: string): HandlerOutcome[];
};

/**
 * Records what the consumer of `ctx.queue` decides for each message (ack, retry after how long,
 * put back): a test learns that a message was looked at and held without waiting to see nothing
 * happen. Install before the workers start consuming.
 */
export function observeHandlerOutcomes(ctx: AppContext): HandlerOutcomes {
  const queue = ctx.queue;
  if (!queue) throw new Error('the app has no queue');
  const byId = new Map<string, HandlerOutcome[]>();
  const consume = queue.consume.bind(queue);
  queue.consume = (handler, options) =>
    consume(async (message) => {
      const outcome = await handler(message);
      byId.set(message.id, [...(byId.get(message.id) ?? []), outcome]);
      return outcome;
    }, options);
  return { of: (id) => byId.get(id) ?? [] };
}
