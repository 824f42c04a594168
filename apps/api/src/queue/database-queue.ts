import type { DatabaseHandle } from '../db/client';
import { workerIncarnation } from '../lib/worker-identity';
import { type DatabaseConsumer, startDatabaseConsumer } from './database-consumer';
import { createDatabaseQueueStatements } from './database-queue-statements';
import { createPacingSlots } from './pacing-slots';
import type { EngineDeps } from './process-message';
import type { Queue } from './types';

export type DatabaseQueueOptions = EngineDeps & {
  database: Pick<DatabaseHandle, 'query' | 'ping'>;
  /** Logical queue name: several queues can share the table. */
  name: string;
  /** A claimed message returns to the queue when its holder has not settled it by then. */
  leaseMs: number;
  /** WORKER_ID (or its default): the stable part of the name claims are held under. */
  workerName: string;
  pollMs: number;
  defaultConcurrency: number;
};

/**
 * The queue on a table: claims in priority order with FOR UPDATE SKIP LOCKED
 * and a lease (a claimed row is simply made unavailable until the lease
 * ends), so a crashed consumer's messages come back after the lease.
 * Publishes and settles are group-committed across concurrent callers.
 */
export function createDatabaseQueue(options: DatabaseQueueOptions): Queue {
  const engine = { ...options, pacing: createPacingSlots(options.database, options.clock) };
  const statements = createDatabaseQueueStatements(
    options.database,
    options.clock,
    options.name,
    options.leaseMs,
    workerIncarnation('queue', options.workerName),
  );
  const consumers = new Set<DatabaseConsumer>();
  let tookBack: Promise<void> | undefined;

  return {
    kind: 'database',
    async publish(input) {
      await statements.insert(input);
      for (const consumer of consumers) consumer.wake();
    },
    async consume(handler, consumeOptions = {}) {
      const concurrency = consumeOptions.concurrency ?? options.defaultConcurrency;
      // Once per process, before the first claim: what this consumer's previous incarnation held
      // when it died comes back now rather than a lease later.
      tookBack ??= statements.takeBackOwn().then(
        (count) => {
          if (count > 0)
            options.logger.info(
              { count },
              'took back the queue messages of this consumer before its restart',
            );
        },
        (error) =>
          options.logger.warn({ err: error }, 'could not take back the queue messages of this consumer'),
      );
      await tookBack;
      const consumer = startDatabaseConsumer(engine, statements, handler, {
        ...consumeOptions,
        concurrency,
      });
      consumers.add(consumer);
      return {
        async stop(stopOptions = {}) {
          // Not woken by publishes from now on.
          consumers.delete(consumer);
          await consumer.stop(stopOptions.graceMs);
        },
      };
    },
    async ping() {
      await options.database.ping();
    },
    countReady: () => statements.countReady(),
    async close(stopOptions) {
      await Promise.all([...consumers].map((consumer) => consumer.stop(stopOptions?.graceMs)));
      consumers.clear();
    },
  };
}
