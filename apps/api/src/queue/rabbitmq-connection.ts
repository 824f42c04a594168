import amqp, { type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { Logger } from 'pino';
import { exponentialDelayMs, jitter, sleep } from '../lib/backoff';
import { declareTopology, H_PUBLISH_ID } from './rabbitmq-topology';

/** A waiter for the connection looks again after about this long, in case its wake-up was missed. */
const CONNECTION_RECHECK_MS = 1_000;

/** One live connection, with its publish channel. */
export type Connected = {
  model: ChannelModel;
  publisher: ConfirmChannel;
  /** Delay buckets declared on this connection. */
  declaredDelays: Set<number>;
  /** Publish ids the broker returned as unroutable; their confirm then fails the publish. */
  returned: Set<string>;
};

export type RabbitConnectionOptions = {
  url: string;
  name: string;
  logger: Logger;
  reconnectMinMs: number;
  reconnectMaxMs: number;
  connectTimeoutMs: number;
  /** Runs on each new connection before anyone waiting for it is let through (consumers subscribe here). */
  onConnected(connected: Connected): Promise<void>;
  /** The connection is gone; a new one is being made. */
  onLost(): void;
};

export type RabbitConnection = {
  readonly current: Connected | null;
  readonly isClosed: boolean;
  /** Connects (once, however many ask), retrying with backoff until it succeeds or the queue closes. */
  ensureConnected(): Promise<void>;
  /** The live connection, waiting through outages; throws once the queue is closed. */
  waitForConnection(): Promise<Connected>;
  close(): Promise<void>;
};

/**
 * The queue's connection to the broker: declared topology, a confirm channel
 * for publishes, and reconnection with jittered exponential backoff whenever
 * the connection drops.
 */
export function createRabbitConnection(options: RabbitConnectionOptions): RabbitConnection {
  const { logger } = options;
  let current: Connected | null = null;
  let connecting: Promise<void> | null = null;
  let isClosed = false;
  let waiters: Array<() => void> = [];

  const onLost = (model: ChannelModel, error?: Error) => {
    if (current?.model !== model) return;
    current = null;
    options.onLost();
    if (isClosed) return;
    logger.warn({ err: error }, 'rabbitmq connection lost; reconnecting');
    void ensureConnected();
  };

  const openConnection = async () => {
    // A broker that takes the connection and never answers must fail the attempt (and be retried),
    // not hold it forever.
    const model = await amqp.connect(options.url, { timeout: options.connectTimeoutMs });
    model.on('error', (error) => logger.warn({ err: error }, 'rabbitmq connection error'));
    model.on('close', (error) => onLost(model, error));
    try {
      const publisher = await model.createConfirmChannel();
      publisher.on('error', (error) => logger.warn({ err: error }, 'rabbitmq publish channel error'));
      // A closed publish channel on a live connection (e.g. a refused publish) needs a fresh connection.
      publisher.on('close', () => {
        if (current?.publisher !== publisher) return;
        // The connection's own 'close' (onLost) logs the loss and reconnects.
        void model
          .close()
          .catch((error) => logger.debug({ err: error }, 'rabbitmq connection already closing'));
      });
      await declareTopology(publisher, options.name);
      const connected: Connected = { model, publisher, declaredDelays: new Set(), returned: new Set() };
      // A returned message comes before its confirm: the publish then fails and is made again after
      // the queues are declared anew (one was deleted behind our back).
      publisher.on('return', (message: ConsumeMessage) => {
        const publishId = message.properties.headers?.[H_PUBLISH_ID];
        if (typeof publishId === 'string') connected.returned.add(publishId);
        connected.declaredDelays.clear();
      });
      current = connected;
      await options.onConnected(connected);
    } catch (error) {
      // The failure to open is thrown and logged by the loop; this one only says what was left open.
      await model
        .close()
        .catch((closeError) => logger.debug({ err: closeError }, 'rabbitmq half-open connection not closed'));
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
            await opened?.model
              .close()
              .catch((error) =>
                logger.warn({ err: error }, 'rabbitmq connection opened after close not closed'),
              );
            return;
          }
          if (attempt > 0) logger.info({ attempt }, 'rabbitmq reconnected');
          const ready = waiters;
          waiters = [];
          for (const resolve of ready) resolve();
          return;
        } catch (error) {
          const delay = exponentialDelayMs(attempt, {
            baseMs: options.reconnectMinMs,
            maxMs: options.reconnectMaxMs,
          });
          logger.warn({ err: error, attempt, delay }, 'rabbitmq connect failed; retrying');
          await sleep(delay);
        }
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    get current() {
      return current;
    },
    get isClosed() {
      return isClosed;
    },
    ensureConnected,
    async waitForConnection() {
      for (;;) {
        if (isClosed) throw new Error('fila fechada');
        if (current) return current;
        const ready = new Promise<void>((resolve) => waiters.push(resolve));
        void ensureConnected();
        await Promise.race([ready, sleep(jitter(CONNECTION_RECHECK_MS))]);
      }
    },
    async close() {
      isClosed = true;
      const connected = current;
      current = null;
      for (const resolve of waiters) resolve();
      await connected?.model
        .close()
        .catch((error) => logger.warn({ err: error }, 'rabbitmq connection close failed'));
    },
  };
}
