import { createPacingSlots } from './pacing-slots';
import type { EngineDeps } from './process-message';
import { createRabbitConnection } from './rabbitmq-connection';
import { createRabbitConsumers } from './rabbitmq-consumers';
import { createRabbitPublisher } from './rabbitmq-publisher';
import { DEFAULT_STOP_GRACE_MS, type Queue } from './types';

export type RabbitQueueOptions = EngineDeps & {
  url: string;
  /** Main queue name; `<name>.dlx`/`<name>.dead` and `<name>.wait.<ms>` are derived from it. */
  name: string;
  defaultConcurrency: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** A connection attempt that gets no answer from the broker fails after this (10 s by default). */
  connectTimeoutMs?: number;
};

/**
 * The queue on RabbitMQ: a durable priority queue (x-max-priority 10) whose
 * expired messages are dead-lettered to `<name>.dead`, persistent messages
 * published on a confirm channel, manual acks with prefetch = concurrency.
 * When the connection drops it reconnects with backoff, publishes wait and
 * retry until confirmed, and consumers subscribe again; unacked messages are
 * redelivered by the broker.
 */
export function createRabbitQueue(options: RabbitQueueOptions): Queue & { connected(): Promise<void> } {
  const { name, logger } = options;
  const reconnectMinMs = options.reconnectMinMs ?? 200;
  const reconnectMaxMs = options.reconnectMaxMs ?? 5_000;
  const connection = createRabbitConnection({
    url: options.url,
    name,
    logger,
    reconnectMinMs,
    reconnectMaxMs,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    onConnected: (connected) => consumers.subscribeAll(connected),
    onLost: () => consumers.detachAll(),
  });
  const publish = createRabbitPublisher(connection, { name, logger, clock: options.clock });
  const consumers = createRabbitConsumers(
    {
      ...options,
      pacing: createPacingSlots(options.database, options.clock),
      resubscribe: { baseMs: reconnectMinMs, maxMs: reconnectMaxMs },
    },
    connection,
    publish,
  );

  // Topology is declared at start; publishes and consumers also wait for it.
  void connection.ensureConnected();

  return {
    kind: 'rabbitmq',
    connected: () => connection.waitForConnection().then(() => {}),
    publish(input) {
      const expiresAt = input.ttlMs === undefined ? null : options.clock().getTime() + input.ttlMs;
      return publish(input, expiresAt);
    },
    async consume(handler, consumeOptions = {}) {
      const consumer = await consumers.add(handler, consumeOptions);
      return { stop: (stopOptions = {}) => consumer.stop(stopOptions.graceMs ?? DEFAULT_STOP_GRACE_MS) };
    },
    async ping() {
      const connected = connection.current;
      if (!connected) throw new Error('rabbitmq indisponível');
      await connected.publisher.checkQueue(name);
    },
    async countReady() {
      const connected = connection.current;
      if (!connected) throw new Error('rabbitmq indisponível');
      return (await connected.publisher.checkQueue(name)).messageCount;
    },
    async close(stopOptions) {
      await consumers.stopAll(stopOptions?.graceMs ?? DEFAULT_STOP_GRACE_MS);
      await connection.close();
    },
  };
}
