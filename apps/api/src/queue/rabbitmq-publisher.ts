import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { exponentialDelayMs, sleep } from '../lib/backoff';
import type { Clock } from '../lib/clock';
import type { Connected, RabbitConnection } from './rabbitmq-connection';
import {
  declareDelayQueue,
  declareTopology,
  H_ATTEMPTS,
  H_DUE_AT,
  H_EXPIRES_AT,
  H_PACING_KEY,
  H_PACING_MS,
  H_PUBLISH_ID,
  H_TRACEPARENT,
} from './rabbitmq-topology';
import { clampPriority, type PublishInput } from './types';

/** An unconfirmed publish is made again after 50 ms, doubling up to 2 s while the broker is away. */
const PUBLISH_RETRY = { baseMs: 50, maxMs: 2_000 };

export type RabbitPublish = (input: PublishInput, expiresAt: number | null) => Promise<void>;

/**
 * Publishes until the broker confirms; waits through outages (at-least-once:
 * a retry may duplicate). A delayed message goes to its delay bucket's queue with the time it is
 * due (the consumer sends it round again until then);
 * `expiresAt` (epoch ms) travels in a header, and as the broker's expiration
 * on the main queue.
 */
export function createRabbitPublisher(
  connection: RabbitConnection,
  deps: { name: string; logger: Logger; clock: Clock },
): RabbitPublish {
  const { name, logger, clock } = deps;
  return async (input, expiresAt) => {
    const content = Buffer.from(JSON.stringify(input.body ?? null));
    const delayMs = Math.max(0, input.delayMs ?? 0);
    const headers: Record<string, unknown> = { [H_ATTEMPTS]: input.attempts ?? 0 };
    if (expiresAt !== null) headers[H_EXPIRES_AT] = expiresAt;
    // Also without a delay: the consumer's lag counts from it.
    headers[H_DUE_AT] = clock().getTime() + delayMs;
    if (input.pacingKey) {
      headers[H_PACING_KEY] = input.pacingKey;
      headers[H_PACING_MS] = input.pacingMs ?? 0;
    }
    if (input.traceparent) headers[H_TRACEPARENT] = input.traceparent;
    for (let attempt = 0; ; attempt += 1) {
      const connected = await connection.waitForConnection();
      const publishId = randomUUID();
      try {
        const queue =
          delayMs > 0
            ? await declareDelayQueue(connected.publisher, name, delayMs, connected.declaredDelays)
            : name;
        const expiration =
          delayMs === 0 && expiresAt !== null
            ? String(Math.max(0, expiresAt - clock().getTime()))
            : undefined;
        await sendConfirmed(connected, name, queue, content, {
          persistent: true,
          priority: clampPriority(input.priority),
          messageId: input.id,
          contentType: 'application/json',
          headers: { ...headers, [H_PUBLISH_ID]: publishId },
          expiration,
          mandatory: true,
        });
        return;
      } catch (error) {
        if (connection.isClosed) throw error;
        logger.warn({ err: error, messageId: input.id, attempt }, 'rabbitmq publish not confirmed; retrying');
        await sleep(exponentialDelayMs(attempt, PUBLISH_RETRY));
      }
    }
  };
}

type SendOptions = Parameters<Connected['publisher']['sendToQueue']>[2] & {
  headers: { [H_PUBLISH_ID]: string };
};

/**
 * One publish, settled by its confirm; a message the broker returned (its queue is gone) fails it.
 * A returned main-queue message has the topology declared again before the failure is answered, so
 * the retry finds the queue, or fails with the reason it could not be declared (logged by the retry).
 */
function sendConfirmed(
  connected: Connected,
  name: string,
  queue: string,
  content: Buffer,
  options: SendOptions,
) {
  const publishId = options.headers[H_PUBLISH_ID];
  return new Promise<void>((resolve, reject) => {
    connected.publisher.sendToQueue(queue, content, options, (error) => {
      if (error) return reject(error);
      if (!connected.returned.delete(publishId)) return resolve();
      const returned = new Error(`mensagem devolvida pelo broker: fila ${queue} inexistente`);
      if (queue !== name) return reject(returned);
      declareTopology(connected.publisher, name).then(() => reject(returned), reject);
    });
  });
}
