import type { AppContext } from '../../context';
import { createSender } from '../../delivery/sender';
import type { Consumer } from '../../queue/types';
import { expireEventLog, processEventLog } from './process-event-log';
import { createQueuedDeliveries } from './queued-deliveries';

export type EventLogWorker = { stop(): Promise<void> };

/**
 * Consumes the queue of RABBITMQ events in this process. Starting never waits
 * for the broker: the consumer subscribes whenever the connection is up.
 */
export function startEventLogWorker(ctx: AppContext): EventLogWorker {
  const { queue, config } = ctx;
  if (!queue) return { async stop() {} };
  const sender = createSender({
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
  });
  const deliveries = createQueuedDeliveries(ctx, sender);
  const consuming: Promise<Consumer | null> = queue
    .consume((message) => processEventLog(ctx, deliveries, message), {
      concurrency: config.QUEUE_CONCURRENCY,
      onExpired: (message) => expireEventLog(ctx, message),
    })
    .catch((error) => {
      ctx.logger.error({ err: error }, 'queue consumer did not start');
      return null;
    });
  return {
    async stop() {
      const consumer = await consuming;
      await consumer?.stop();
      await sender.close();
    },
  };
}
