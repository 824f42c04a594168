import { randomUUID } from 'node:crypto';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { sleep } from './pacing';
import { type Decision, type EngineDeps, processMessage } from './process-message';
import {
  type ConsumeOptions,
  clampPriority,
  DEFAULT_PRIORITY,
  DEFAULT_STOP_GRACE_MS,
  type MessageHandler,
  type PublishInput,
  type Queue,
  settleWithin,
} from './types';

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

/** Delayed messages wait in one queue per bucket (a queue-level TTL), so a long delay never blocks a short one. */
const DELAY_BUCKETS_MS = [
  50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000,
  3_600_000, 7_200_000, 21_600_000, 86_400_000,
];

/**
 * The delay queues are named `.wait.` and never expire: the `.delay.` ones of earlier versions had
 * `x-expires`, and the broker deleted one still in use (publishing does not count as use), dropping
 * every later message published to it. Redeclaring those without it would be refused (406).
 */
const delayQueueName = (name: string, bucket: number) => `${name}.wait.${bucket}`;

/** Every queue this queue may declare on the broker (for an operator or a test to delete them). */
export const brokerQueueNames = (name: string) => [
  name,
  `${name}.dead`,
  ...DELAY_BUCKETS_MS.map((bucket) => delayQueueName(name, bucket)),
];

const H_ATTEMPTS = 'x-wm-attempts';
/** Names one publish, so a message the broker returns (no queue to route it to) fails its own publish. */
const H_PUBLISH_ID = 'x-wm-publish-id';
const H_EXPIRES_AT = 'x-wm-expires-at';
const H_PACING_KEY = 'x-wm-pacing-key';
const H_PACING_MS = 'x-wm-pacing-ms';

type Connected = {
  model: ChannelModel;
  publisher: ConfirmChannel;
  declaredDelays: Set<number>;
  /** Publish ids the broker returned as unroutable; their confirm then fails the publish. */
  returned: Set<string>;
};

type ConsumerState = {
  handler: MessageHandler;
  options: ConsumeOptions;
  channel: Channel | null;
  consumerTags: string[];
  inFlight: Set<Promise<void>>;
  isStopped: boolean;
};

const bucketFor = (delayMs: number) =>
  DELAY_BUCKETS_MS.find((bucket) => bucket >= delayMs) ?? DELAY_BUCKETS_MS[DELAY_BUCKETS_MS.length - 1];

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
  const dlx = `${name}.dlx`;
  const deadQueue = `${name}.dead`;
  const minDelay = options.reconnectMinMs ?? 200;
  const maxDelay = options.reconnectMaxMs ?? 5_000;
  const consumers = new Set<ConsumerState>();
  let current: Connected | null = null;
  let connecting: Promise<void> | null = null;
  let isClosed = false;
  let waiters: Array<() => void> = [];

  const declareTopology = async (channel: ConfirmChannel) => {
    await channel.assertExchange(dlx, 'fanout', { durable: true });
    await channel.assertQueue(deadQueue, { durable: true });
    await channel.bindQueue(deadQueue, dlx, '');
    await channel.assertQueue(name, {
      durable: true,
      arguments: { 'x-max-priority': 10, 'x-dead-letter-exchange': dlx },
    });
  };

  const onLost = (model: ChannelModel, error?: Error) => {
    if (current?.model !== model) return;
    current = null;
    for (const consumer of consumers) consumer.channel = null;
    if (isClosed) return;
    logger.warn({ err: error }, 'rabbitmq connection lost; reconnecting');
    void ensureConnected();
  };

  const openConnection = async () => {
    // A broker that takes the connection and never answers must fail the attempt (and be retried),
    // not hold it forever.
    const model = await amqp.connect(options.url, { timeout: options.connectTimeoutMs ?? 10_000 });
    model.on('error', (error) => logger.warn({ err: error }, 'rabbitmq connection error'));
    model.on('close', (error) => onLost(model, error));
    try {
      const publisher = await model.createConfirmChannel();
      publisher.on('error', (error) => logger.warn({ err: error }, 'rabbitmq publish channel error'));
      // A closed publish channel on a live connection (e.g. a refused publish) needs a fresh connection.
      publisher.on('close', () => {
        if (current?.publisher === publisher) void model.close().catch(() => {});
      });
      await declareTopology(publisher);
      const connected: Connected = { model, publisher, declaredDelays: new Set(), returned: new Set() };
      // A returned message comes before its confirm: the publish then fails and is made again after
      // the queues are declared anew (one was deleted behind our back).
      publisher.on('return', (message: ConsumeMessage) => {
        const publishId = message.properties.headers?.[H_PUBLISH_ID];
        if (typeof publishId === 'string') connected.returned.add(publishId);
        connected.declaredDelays.clear();
      });
      current = connected;
      for (const consumer of consumers) if (!consumer.isStopped) await subscribe(consumer, connected);
    } catch (error) {
      await model.close().catch(() => {});
      throw error;
    }
  };

  const ensureConnected = (): Promise<void> => {
    if (current) return Promise.resolve();
    connecting ??= (async () => {
      for (let attempt = 0; !isClosed; attempt += 1) {
        try {
          await openConnection();
          if (isClosed) {
            const opened = current as Connected | null;
            current = null;
            await opened?.model.close().catch(() => {});
            return;
          }
          if (attempt > 0) logger.info({ attempt }, 'rabbitmq reconnected');
          const ready = waiters;
          waiters = [];
          for (const resolve of ready) resolve();
          return;
        } catch (error) {
          const delay = Math.min(maxDelay, minDelay * 2 ** attempt) * (0.8 + Math.random() * 0.4);
          logger.warn({ err: error, attempt, delay: Math.round(delay) }, 'rabbitmq connect failed; retrying');
          await sleep(delay);
        }
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const waitForConnection = async (): Promise<Connected> => {
    for (;;) {
      if (isClosed) throw new Error('fila fechada');
      if (current) return current;
      const ready = new Promise<void>((resolve) => waiters.push(resolve));
      void ensureConnected();
      await Promise.race([ready, sleep(1_000)]);
    }
  };

  const delayQueueFor = async (connected: Connected, delayMs: number) => {
    const bucket = bucketFor(delayMs);
    const queue = delayQueueName(name, bucket);
    if (!connected.declaredDelays.has(bucket)) {
      await connected.publisher.assertQueue(queue, {
        durable: true,
        arguments: {
          'x-message-ttl': bucket,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': name,
        },
      });
      connected.declaredDelays.add(bucket);
    }
    return queue;
  };

  /** Publishes until the broker confirms; waits through outages (at-least-once: a retry may duplicate). */
  const publishWithHeaders = async (input: PublishInput, expiresAt: number | null) => {
    const content = Buffer.from(JSON.stringify(input.body ?? null));
    const delayMs = Math.max(0, input.delayMs ?? 0);
    const headers: Record<string, unknown> = { [H_ATTEMPTS]: input.attempts ?? 0 };
    if (expiresAt !== null) headers[H_EXPIRES_AT] = expiresAt;
    if (input.pacingKey) {
      headers[H_PACING_KEY] = input.pacingKey;
      headers[H_PACING_MS] = input.pacingMs ?? 0;
    }
    for (let attempt = 0; ; attempt += 1) {
      const connected = await waitForConnection();
      const publishId = randomUUID();
      try {
        const queue = delayMs > 0 ? await delayQueueFor(connected, delayMs) : name;
        const expiration =
          delayMs === 0 && expiresAt !== null ? String(Math.max(0, expiresAt - Date.now())) : undefined;
        await new Promise<void>((resolve, reject) => {
          connected.publisher.sendToQueue(
            queue,
            content,
            {
              persistent: true,
              priority: clampPriority(input.priority),
              messageId: input.id,
              contentType: 'application/json',
              headers: { ...headers, [H_PUBLISH_ID]: publishId },
              expiration,
              mandatory: true,
            },
            (error) => {
              if (error) return reject(error);
              if (!connected.returned.delete(publishId)) return resolve();
              if (queue === name) void declareTopology(connected.publisher).catch(() => {});
              reject(new Error(`mensagem devolvida pelo broker: fila ${queue} inexistente`));
            },
          );
        });
        return;
      } catch (error) {
        if (isClosed) throw error;
        logger.warn({ err: error, messageId: input.id, attempt }, 'rabbitmq publish not confirmed; retrying');
        await sleep(Math.min(2_000, 50 * 2 ** attempt));
      }
    }
  };

  const settle = async (
    consumer: ConsumerState,
    channel: Channel,
    raw: ConsumeMessage,
    decision: Decision,
  ) => {
    if (decision.type === 'retry' || decision.type === 'defer') {
      const headers = raw.properties.headers ?? {};
      const expiresAt = decision.type === 'retry' ? null : numberOrNull(headers[H_EXPIRES_AT]);
      await publishWithHeaders(
        {
          id: String(raw.properties.messageId),
          body: JSON.parse(raw.content.toString()),
          priority: raw.properties.priority,
          delayMs: Math.max(1, decision.delayMs),
          attempts: Number(headers[H_ATTEMPTS] ?? 0) + (decision.type === 'retry' ? 1 : 0),
          pacingKey: typeof headers[H_PACING_KEY] === 'string' ? headers[H_PACING_KEY] : undefined,
          pacingMs: Number(headers[H_PACING_MS] ?? 0),
        },
        expiresAt,
      );
    }
    // On a channel that has since closed the ack is moot: the broker redelivers.
    if (consumer.channel === channel) channel.ack(raw);
  };

  const onMessage = async (
    consumer: ConsumerState,
    channel: Channel,
    raw: ConsumeMessage,
    isDead: boolean,
  ) => {
    const headers = raw.properties.headers ?? {};
    const message = {
      id: String(raw.properties.messageId),
      body: JSON.parse(raw.content.toString()) as unknown,
      priority: raw.properties.priority ?? DEFAULT_PRIORITY,
      attempts: Number(headers[H_ATTEMPTS] ?? 0),
    };
    try {
      const decision = await processMessage(
        options,
        {
          message,
          // Whatever reached the dead-letter queue expired in the main queue.
          expiresAt: isDead ? 0 : numberOrNull(headers[H_EXPIRES_AT]),
          pacingKey: typeof headers[H_PACING_KEY] === 'string' ? headers[H_PACING_KEY] : null,
          pacingMs: Number(headers[H_PACING_MS] ?? 0),
        },
        consumer.handler,
        consumer.options,
      );
      await settle(consumer, channel, raw, decision);
    } catch (error) {
      logger.error({ err: error, messageId: message.id }, 'queue message not settled; requeueing');
      await sleep(1_000);
      if (consumer.channel === channel) channel.nack(raw, false, true);
    }
  };

  const subscribe = async (consumer: ConsumerState, connected: Connected) => {
    const channel = await connected.model.createChannel();
    channel.on('error', (error) => logger.warn({ err: error }, 'rabbitmq consumer channel error'));
    channel.on('close', () => {
      if (consumer.channel !== channel) return;
      consumer.channel = null;
      // A channel closed on a live connection (e.g. by a protocol error) is reopened.
      if (!consumer.isStopped && current === connected) {
        setTimeout(() => {
          if (!consumer.isStopped && current === connected && !consumer.channel) {
            subscribe(consumer, connected).catch((error) =>
              logger.warn({ err: error }, 'rabbitmq resubscribe failed'),
            );
          }
        }, minDelay);
      }
    });
    await channel.prefetch(consumer.options.concurrency ?? options.defaultConcurrency);
    consumer.channel = channel;
    const listen = (queue: string, isDead: boolean) =>
      channel.consume(queue, (raw) => {
        if (!raw) return;
        const task = onMessage(consumer, channel, raw, isDead).finally(() => consumer.inFlight.delete(task));
        consumer.inFlight.add(task);
      });
    consumer.consumerTags = [(await listen(name, false)).consumerTag];
    if (consumer.options.onExpired) consumer.consumerTags.push((await listen(deadQueue, true)).consumerTag);
  };

  const stopConsumer = async (consumer: ConsumerState, graceMs: number) => {
    if (consumer.isStopped) return;
    consumer.isStopped = true;
    const channel = consumer.channel;
    if (channel) {
      for (const tag of consumer.consumerTags) await channel.cancel(tag).catch(() => {});
    }
    await settleWithin(consumer.inFlight, graceMs);
    consumers.delete(consumer);
    consumer.channel = null;
    // Closing the channel returns whatever is still unacked to the queue.
    await channel?.close().catch(() => {});
  };

  // Topology is declared at start; publishes and consumers also wait for it.
  void ensureConnected();

  return {
    kind: 'rabbitmq',
    connected: () => waitForConnection().then(() => {}),
    publish(input) {
      const expiresAt = input.ttlMs === undefined ? null : Date.now() + input.ttlMs;
      return publishWithHeaders(input, expiresAt);
    },
    async consume(handler, consumeOptions = {}) {
      const consumer: ConsumerState = {
        handler,
        options: consumeOptions,
        channel: null,
        consumerTags: [],
        inFlight: new Set(),
        isStopped: false,
      };
      consumers.add(consumer);
      const connected = await waitForConnection();
      if (!consumer.channel && current === connected) await subscribe(consumer, connected);
      return {
        stop: (stopOptions = {}) => stopConsumer(consumer, stopOptions.graceMs ?? DEFAULT_STOP_GRACE_MS),
      };
    },
    async ping() {
      const connected = current;
      if (!connected) throw new Error('rabbitmq indisponível');
      await connected.publisher.checkQueue(name);
    },
    async close(stopOptions) {
      const graceMs = stopOptions?.graceMs ?? DEFAULT_STOP_GRACE_MS;
      await Promise.all([...consumers].map((consumer) => stopConsumer(consumer, graceMs)));
      isClosed = true;
      const connected = current;
      current = null;
      consumers.clear();
      for (const resolve of waiters) resolve();
      await connected?.model.close().catch(() => {});
    },
  };
}

function numberOrNull(value: unknown): number | null {
  const number = Number(value);
  return value === undefined || value === null || !Number.isFinite(number) ? null : number;
}
