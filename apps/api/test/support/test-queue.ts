import { randomBytes, randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { count, eq } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import type { Database, DatabaseHandle } from '../../src/db/client';
import { queueMessages } from '../../src/db/schema';
import { type Clock, systemClock } from '../../src/lib/clock';
import { createDatabaseQueue } from '../../src/queue/database-queue';
import { createRabbitQueue } from '../../src/queue/rabbitmq-queue';
import { brokerQueueNames, deleteBrokerObjects } from '../../src/queue/rabbitmq-topology';
import type { Queue } from '../../src/queue/types';

/** Which queue backend this run exercises: the vitest project sets QUEUE_BACKEND. */
export const queueBackend = (process.env.QUEUE_BACKEND ?? 'database') as 'database' | 'rabbitmq';
export const TEST_RABBITMQ_URL = process.env.TEST_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** A queue name no other run (or engineer) shares. */
export const uniqueQueueName = (prefix = 'wm-test') =>
  `${prefix}.${Date.now()}.${randomBytes(4).toString('hex')}`;

export type TestQueueOptions = {
  name: string;
  leaseMs?: number;
  pacingMaxWaitMs?: number;
  concurrency?: number;
  /** The queue's clock (TTL, delays, pacing, leases); the real one unless the test moves its own. */
  clock?: Clock;
  /** The consumer's WORKER_ID: a queue opened again with the same one is its restart. Unique by default. */
  workerName?: string;
  /** The broker's URL (RabbitMQ backend): TEST_RABBITMQ_URL unless the test puts a proxy in between. */
  brokerUrl?: string;
  /** Where the queue logs: silent (or TEST_LOG_LEVEL) unless the test reads what it says. */
  logger?: Logger;
};

/** A queue of this run's backend over `database`. */
export function openTestQueue(database: DatabaseHandle, options: TestQueueOptions): Queue {
  const engine = {
    database,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    pacingMaxWaitMs: options.pacingMaxWaitMs ?? 5_000,
    name: options.name,
    defaultConcurrency: options.concurrency ?? 16,
  };
  return queueBackend === 'rabbitmq'
    ? createRabbitQueue({
        ...engine,
        url: options.brokerUrl ?? TEST_RABBITMQ_URL,
        reconnectMinMs: 100,
        reconnectMaxMs: 1_000,
      })
    : createDatabaseQueue({
        ...engine,
        leaseMs: options.leaseMs ?? 1_000,
        pollMs: 20,
        workerName: options.workerName ?? `test-${randomUUID()}`,
      });
}

/**
 * Messages of queue `name` waiting to be handled, now or after a delay: rows of the database queue,
 * or ready messages in the broker's main and delay queues.
 */
export async function countQueued(db: Database, name: string): Promise<number> {
  if (queueBackend === 'database') {
    const [row] = await db.select({ n: count() }).from(queueMessages).where(eq(queueMessages.queue, name));
    return row?.n ?? 0;
  }
  const model = await amqp.connect(TEST_RABBITMQ_URL);
  model.on('error', () => {});
  try {
    let total = 0;
    for (const queue of brokerQueueNames(name)) {
      // A queue never declared fails its check and closes its channel: each one gets its own.
      const channel = await model.createChannel();
      channel.on('error', () => {});
      total += (await channel.checkQueue(queue).catch(() => ({ messageCount: 0 }))).messageCount;
      await channel.close().catch(() => {});
    }
    return total;
  } finally {
    await model.close().catch(() => {});
  }
}

/** Deletes every broker object a test queue may have declared (no-op for the database backend). */
export async function deleteTestQueue(name: string): Promise<void> {
  if (queueBackend === 'rabbitmq') await deleteBrokerObjects(TEST_RABBITMQ_URL, name);
}

/** Deletes one broker queue, as an operator (or an old x-expires) would. */
export async function deleteBrokerQueue(queue: string): Promise<void> {
  const model = await amqp.connect(TEST_RABBITMQ_URL);
  try {
    const channel = await model.createChannel();
    await channel.deleteQueue(queue);
    await channel.close();
  } finally {
    await model.close().catch(() => {});
  }
}
