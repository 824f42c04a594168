import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import { createDatabaseQueue } from './database-queue';
import { createRabbitQueue } from './rabbitmq-queue';
import type { Queue } from './types';

export type QueueDeps = { config: Config; database: DatabaseHandle; logger: Logger; clock: Clock };

/** RabbitMQ when RABBITMQ_URL is set, else the table in the database; same semantics either way. */
export function createQueue(deps: QueueDeps, overrides: { name?: string } = {}): Queue {
  const { config } = deps;
  const engine = {
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'queue' }),
    pacingMaxWaitMs: config.QUEUE_PACING_MAX_WAIT_MS,
  };
  const name = overrides.name ?? config.QUEUE_NAME;
  if (config.RABBITMQ_URL) {
    return createRabbitQueue({
      ...engine,
      url: config.RABBITMQ_URL,
      name,
      defaultConcurrency: config.QUEUE_CONCURRENCY,
    });
  }
  return createDatabaseQueue({
    ...engine,
    name,
    leaseMs: config.QUEUE_LEASE_MS,
    workerName: config.workerName,
    pollMs: config.QUEUE_POLL_MS,
    defaultConcurrency: config.QUEUE_CONCURRENCY,
  });
}
