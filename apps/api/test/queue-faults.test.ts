import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/migrate';
import { brokerQueueNames, deadLetterExchangeName } from '../src/queue/rabbitmq-topology';
import { readProcessed, spawnConsumer, stopChild } from './support/spawn-consumer';
import { startUrlProxy } from './support/tcp-proxy';
import { openTestDatabase } from './support/test-database';
import {
  deleteBrokerQueue,
  deleteTestQueue,
  openTestQueue,
  TEST_RABBITMQ_URL,
  uniqueQueueName,
} from './support/test-queue';
import { waitFor } from './support/wait-for';

const TOTAL = 2_000;

async function publishAll(publish: (index: number) => Promise<void>) {
  for (let start = 0; start < TOTAL; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, TOTAL - start) }, (_, offset) => publish(start + offset)),
    );
  }
}

// RabbitMQ only (the queue-rabbitmq project). The broker is shared with the files running beside this
// one, so an outage is a proxy between this test's queue and the broker dropping and refusing its
// connections: the queue sees the broker gone while the other files keep theirs.
describe('queue faults (rabbitmq)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const tempDir = mkdtempSync(join(tmpdir(), 'wm-faults-'));

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('When the broker stops mid-run and comes back, then every message is processed by the same consumer', async () => {
    const name = uniqueQueueName('wm-faults');
    const { proxy, url: brokerUrl } = await startUrlProxy(TEST_RABBITMQ_URL, 5672);
    const queue = openTestQueue(database, { name, concurrency: 32, brokerUrl });
    const processed = new Set<string>();
    try {
      await queue.consume(async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        processed.add(message.id);
        return { type: 'ack' };
      });
      const publishing = publishAll((index) => queue.publish({ id: `m${index}`, body: { index } }));
      await waitFor(() => processed.size >= 400, 30_000, 'the first messages');
      proxy.cut();
      await waitFor(
        () =>
          queue.ping().then(
            () => false,
            () => true,
          ),
        5_000,
        'the queue to see the outage',
      );
      // Long enough for the queue to fail reconnecting a few times (it tries after 100 ms, up to 1 s).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      proxy.restore();
      await publishing;
      await waitFor(() => processed.size === TOTAL, 60_000, 'every message after the outage');
      expect([...processed].sort()).toEqual(Array.from({ length: TOTAL }, (_, index) => `m${index}`).sort());
      await expect(queue.ping()).resolves.toBeUndefined();
    } finally {
      proxy.restore();
      await queue.close({ graceMs: 1_000 });
      await proxy.close();
      await deleteTestQueue(name);
    }
  }, 120_000);

  it('When a delay queue is deleted behind its back, then later delayed messages still arrive', async () => {
    const name = uniqueQueueName('wm-faults');
    const queue = openTestQueue(database, { name, concurrency: 4 });
    const seen = new Set<string>();
    try {
      await queue.consume(async (message) => {
        seen.add(message.id);
        return { type: 'ack' };
      });
      await queue.publish({ id: 'first', body: {}, delayMs: 100 });
      await waitFor(() => seen.has('first'), 10_000, 'the first delayed message');
      // What an x-expires delay queue did on its own: the broker drops what is published to it after.
      for (const delayQueue of brokerQueueNames(name).slice(2)) await deleteBrokerQueue(delayQueue);
      await queue.publish({ id: 'second', body: {}, delayMs: 100 });
      await waitFor(() => seen.has('second'), 10_000, 'the delayed message after the deletion');
    } finally {
      await queue.close({ graceMs: 1_000 });
      await deleteTestQueue(name);
    }
  }, 30_000);

  it('When the main queue is deleted and cannot be declared again at once, then the publish retry logs why, and the message goes once it can', async () => {
    const name = uniqueQueueName('wm-faults');
    const warnings: Array<{ msg: string; err?: { message?: string } }> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
    const queue = openTestQueue(database, { name, logger });
    const operator = await amqp.connect(TEST_RABBITMQ_URL);
    operator.on('error', () => {});
    try {
      await queue.publish({ id: 'before', body: {} });
      // The queue deleted behind our back, and its dead-letter exchange's name taken with another type.
      const channel = await operator.createChannel();
      await channel.deleteQueue(name);
      await channel.deleteExchange(deadLetterExchangeName(name));
      await channel.assertExchange(deadLetterExchangeName(name), 'direct', { durable: false });
      const publishing = queue.publish({ id: 'after', body: {} });
      const namesTheCause = (warning: (typeof warnings)[number]) =>
        warning.msg === 'rabbitmq publish not confirmed; retrying' &&
        /PRECONDITION_FAILED/.test(warning.err?.message ?? '');
      await waitFor(
        () => warnings.some(namesTheCause),
        15_000,
        'the retry naming why the queue is not there',
      );

      await channel.deleteExchange(deadLetterExchangeName(name));
      await publishing;
      const seen: string[] = [];
      await queue.consume(async (message) => {
        seen.push(message.id);
        return { type: 'ack' };
      });
      await waitFor(() => seen.includes('after'), 10_000, 'the message published once the queue is back');
      expect(seen).toEqual(['after']);
    } finally {
      await operator.close().catch(() => {});
      await queue.close({ graceMs: 1_000 });
      await deleteTestQueue(name);
    }
  }, 60_000);

  it('When a consumer process is killed mid-run, then a new one processes everything left', async () => {
    const name = uniqueQueueName('wm-faults');
    const queue = openTestQueue(database, { name });
    const outFile = join(tempDir, `${name}.out`);
    const env = { QUEUE_NAME: name, DATABASE_URL: String(database.url), OUT_FILE: outFile, WORK_MS: '3' };
    let child = await spawnConsumer(env);
    try {
      await publishAll((index) => queue.publish({ id: `m${index}`, body: { index } }));
      await waitFor(() => readProcessed(outFile).length >= 300, 30_000, 'the first messages');
      await stopChild(child, 'SIGKILL');
      const beforeRestart = new Set(readProcessed(outFile).map((line) => line.id)).size;
      expect(beforeRestart).toBeLessThan(TOTAL);
      child = await spawnConsumer(env);
      await waitFor(
        () => new Set(readProcessed(outFile).map((line) => line.id)).size === TOTAL,
        60_000,
        'every message after the restart',
      );
    } finally {
      await stopChild(child);
      await queue.close({ graceMs: 0 });
      await deleteTestQueue(name);
    }
  }, 120_000);
});
