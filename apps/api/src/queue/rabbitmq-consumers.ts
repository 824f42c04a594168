import type { Channel, ConsumeMessage } from 'amqplib';
import { exponentialDelayMs, jitter, sleep } from '../lib/backoff';
import { type ChannelAcks, createChannelAcks } from './channel-acks';
import { type Decision, type Engine, processMessage } from './process-message';
import type { Connected, RabbitConnection } from './rabbitmq-connection';
import type { RabbitPublish } from './rabbitmq-publisher';
import { deadQueueName, readHeaders } from './rabbitmq-topology';
import { type ConsumeOptions, DEFAULT_PRIORITY, type MessageHandler, settleWithin } from './types';

type ConsumerState = {
  handler: MessageHandler;
  options: ConsumeOptions;
  channel: Channel | null;
  /** The acks of `channel`. */
  acks: ChannelAcks | null;
  consumerTags: string[];
  inFlight: Set<Promise<void>>;
  isStopped: boolean;
  /** Channels of this consumer closed on the current connection: each reopening waits longer. */
  reopenings: number;
};

/** A message whose settlement failed goes back to the queue after about this long. */
const UNSETTLED_REQUEUE_MS = 1_000;

export type RabbitConsumers = {
  /** Registers a consumer; it subscribes now if connected, else on the next connection. */
  add(handler: MessageHandler, options: ConsumeOptions): Promise<{ stop(graceMs: number): Promise<void> }>;
  /** Subscribes every live consumer on a new connection. */
  subscribeAll(connected: Connected): Promise<void>;
  /** The connection is gone with every channel on it. */
  detachAll(): void;
  stopAll(graceMs: number): Promise<void>;
};

/**
 * The queue's consumers: one channel each with prefetch = concurrency, manual
 * acks (those done in one turn sent together), the main queue (and the dead-letter queue when it has an expiry
 * handler). A retried or deferred message is published again with its delay,
 * then the original acked.
 */
export function createRabbitConsumers(
  deps: Engine & {
    name: string;
    defaultConcurrency: number;
    /** The wait before reopening a consumer's closed channel, doubling while it keeps closing. */
    resubscribe: { baseMs: number; maxMs: number };
  },
  connection: RabbitConnection,
  publish: RabbitPublish,
): RabbitConsumers {
  const { name, logger } = deps;
  const consumers = new Set<ConsumerState>();

  const subscribe = async (consumer: ConsumerState, connected: Connected) => {
    const channel = await connected.model.createChannel();
    channel.on('error', (error) => logger.warn({ err: error }, 'rabbitmq consumer channel error'));
    channel.on('close', () => {
      if (consumer.channel !== channel) return;
      consumer.channel = null;
      // A channel closed on a live connection (e.g. by a protocol error) is reopened.
      if (!consumer.isStopped && connection.current === connected) {
        setTimeout(
          () => {
            if (!consumer.isStopped && connection.current === connected && !consumer.channel) {
              subscribe(consumer, connected).catch((error) =>
                logger.warn({ err: error }, 'rabbitmq resubscribe failed'),
              );
            }
          },
          exponentialDelayMs(consumer.reopenings++, deps.resubscribe),
        );
      }
    });
    await channel.prefetch(consumer.options.concurrency ?? deps.defaultConcurrency);
    consumer.channel = channel;
    const acks = createChannelAcks(channel, () => consumer.channel === channel);
    consumer.acks = acks;
    const listen = (queue: string, isDead: boolean) =>
      channel.consume(queue, (raw) => {
        if (!raw) return;
        acks.receive(raw);
        const task = handleDelivery(deps, publish, consumer, { channel, acks, raw, isDead }).finally(() =>
          consumer.inFlight.delete(task),
        );
        consumer.inFlight.add(task);
      });
    consumer.consumerTags = [(await listen(name, false)).consumerTag];
    if (consumer.options.onExpired) {
      consumer.consumerTags.push((await listen(deadQueueName(name), true)).consumerTag);
    }
  };

  const stop = async (consumer: ConsumerState, graceMs: number) => {
    if (consumer.isStopped) return;
    consumer.isStopped = true;
    const channel = consumer.channel;
    if (channel) {
      for (const tag of consumer.consumerTags) {
        // A channel the broker closed has no consumer left to cancel: that is logged by its 'error'.
        await channel
          .cancel(tag)
          .catch((error) => logger.debug({ err: error, tag }, 'rabbitmq cancel failed'));
      }
    }
    await settleWithin(consumer.inFlight, graceMs);
    // The messages done by now are acked before the channel closes, so they do not come back.
    consumer.acks?.flush();
    consumers.delete(consumer);
    consumer.channel = null;
    // Closing the channel returns whatever is still unacked to the queue.
    await channel
      ?.close()
      .catch((error) => logger.debug({ err: error }, 'rabbitmq consumer channel already closed'));
  };

  return {
    async add(handler, options) {
      const consumer: ConsumerState = {
        handler,
        options,
        channel: null,
        acks: null,
        consumerTags: [],
        inFlight: new Set(),
        isStopped: false,
        reopenings: 0,
      };
      consumers.add(consumer);
      const connected = await connection.waitForConnection();
      if (!consumer.channel && connection.current === connected) await subscribe(consumer, connected);
      return { stop: (graceMs) => stop(consumer, graceMs) };
    },
    async subscribeAll(connected) {
      for (const consumer of consumers) {
        if (consumer.isStopped) continue;
        consumer.reopenings = 0;
        await subscribe(consumer, connected);
      }
    },
    detachAll() {
      for (const consumer of consumers) consumer.channel = null;
    },
    async stopAll(graceMs) {
      await Promise.all([...consumers].map((consumer) => stop(consumer, graceMs)));
      consumers.clear();
    },
  };
}

type Delivery = { channel: Channel; acks: ChannelAcks; raw: ConsumeMessage; isDead: boolean };

/** Runs the handler on one delivered message and settles it; a message that cannot be settled is requeued. */
async function handleDelivery(
  deps: Engine,
  publish: RabbitPublish,
  consumer: ConsumerState,
  delivery: Delivery,
) {
  const { channel, acks, raw, isDead } = delivery;
  const headers = readHeaders(raw);
  const message = {
    id: String(raw.properties.messageId),
    body: JSON.parse(raw.content.toString()) as unknown,
    priority: raw.properties.priority ?? DEFAULT_PRIORITY,
    attempts: headers.attempts,
    // Published by an earlier version (no due time): counted from now.
    waitedMs: headers.dueAt === null ? 0 : Math.max(0, deps.clock().getTime() - headers.dueAt),
    traceparent: headers.traceparent,
  };
  try {
    // Back from a delay bucket shorter than its wait: round again for the rest, uncounted.
    const dueInMs = isDead || headers.dueAt === null ? 0 : headers.dueAt - deps.clock().getTime();
    const decision: Decision =
      dueInMs > 0
        ? { type: 'defer', delayMs: dueInMs }
        : await processMessage(
            deps,
            {
              message,
              // Whatever reached the dead-letter queue expired in the main queue.
              expiresAt: isDead ? 0 : headers.expiresAt,
              pacingKey: headers.pacingKey,
              pacingMs: headers.pacingMs,
            },
            consumer.handler,
            consumer.options,
          );
    await settle(publish, delivery, decision);
  } catch (error) {
    deps.logger.error({ err: error, messageId: message.id }, 'queue message not settled; requeueing');
    await sleep(jitter(UNSETTLED_REQUEUE_MS));
    acks.drop(raw);
    if (consumer.channel === channel) channel.nack(raw, false, true);
  }
}

/** A retried or deferred message is published again with its delay, then the original acked. */
async function settle(publish: RabbitPublish, { acks, raw }: Delivery, decision: Decision) {
  if (decision.type === 'retry' || decision.type === 'defer') {
    const headers = readHeaders(raw);
    await publish(
      {
        id: String(raw.properties.messageId),
        body: JSON.parse(raw.content.toString()),
        priority: raw.properties.priority,
        delayMs: Math.max(1, decision.delayMs),
        attempts: headers.attempts + (decision.type === 'retry' ? 1 : 0),
        pacingKey: headers.pacingKey ?? undefined,
        pacingMs: headers.pacingMs,
        traceparent: headers.traceparent,
      },
      decision.type === 'retry' ? null : headers.expiresAt,
    );
  }
  acks.ack(raw);
}
