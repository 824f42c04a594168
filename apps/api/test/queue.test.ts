import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/migrate';
import type { Queue, QueueMessage } from '../src/queue/types';
import { createFakeClock, type FakeClock } from './support/fake-clock';
import { readProcessed, spawnConsumer, stopChild } from './support/spawn-consumer';
import { openTestDatabase, testBackend } from './support/test-database';
import {
  countQueued,
  deleteTestQueue,
  openTestQueue,
  queueBackend,
  uniqueQueueName,
} from './support/test-queue';
import { waitFor } from './support/wait-for';

describe(`queue (${queueBackend} on ${testBackend})`, () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const opened: Queue[] = [];
  const names: string[] = [];
  const tempDir = mkdtempSync(join(tmpdir(), 'wm-queue-'));

  const newQueue = (
    options: {
      name?: string;
      leaseMs?: number;
      concurrency?: number;
      clock?: FakeClock;
      workerName?: string;
    } = {},
  ) => {
    const name = options.name ?? uniqueQueueName();
    if (!names.includes(name)) names.push(name);
    const queue = openTestQueue(database, { ...options, name });
    opened.push(queue);
    return { queue, name };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateDatabase(database);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close({ graceMs: 0 })));
    await Promise.all(names.splice(0).map((name) => deleteTestQueue(name)));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('When a backlog waits, then it drains highest priority first', async () => {
    const { queue } = newQueue();
    const priorities = [3, 9, 1, 10, 5, 7, 2, 8, 4, 6];
    for (const [index, priority] of priorities.entries()) {
      await queue.publish({ id: `m${index}`, body: { priority }, priority });
    }
    const seen: number[] = [];
    await queue.consume(
      async (message) => {
        seen.push(message.priority);
        return { type: 'ack' };
      },
      { concurrency: 1 },
    );
    await waitFor(() => seen.length === priorities.length, 10_000, 'the backlog');
    expect(seen).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('When a message outlives its TTL before processing, then only the expiry handler sees it', async () => {
    const clock = createFakeClock();
    const { queue } = newQueue({ clock });
    await queue.publish({ id: 'short-lived', body: { n: 1 }, ttlMs: 100 });
    await queue.publish({ id: 'long-lived', body: { n: 2 }, ttlMs: 60_000 });
    clock.advance(400);
    const handled: string[] = [];
    const expired: QueueMessage[] = [];
    await queue.consume(
      async (message) => {
        handled.push(message.id);
        return { type: 'ack' };
      },
      {
        onExpired: async (message) => {
          expired.push(message);
        },
      },
    );
    await waitFor(() => handled.length === 1 && expired.length === 1, 10_000, 'expiry');
    expect(handled).toEqual(['long-lived']);
    expect(expired[0]).toMatchObject({ id: 'short-lived', body: { n: 1 } });
  });

  it('When a delayed message is published, then it is not delivered before its clock says so', async () => {
    const clock = createFakeClock();
    const { queue } = newQueue({ clock });
    const publishedAt = clock().getTime();
    // Between two delay buckets of the broker: the wait must not be rounded down (nor up to the next).
    await queue.publish({ id: 'later', body: {}, delayMs: 1_300 });
    let receivedAt = 0;
    await queue.consume(async () => {
      receivedAt = clock().getTime();
      return { type: 'ack' };
    });
    await waitFor(() => receivedAt > 0, 10_000, 'the delayed message', { clock, stepMs: 100 });
    expect(receivedAt - publishedAt).toBeGreaterThanOrEqual(1_300);
  });

  /** A consumer takes the first message and never answers, then its process dies (closed with no grace). */
  async function dieHoldingFirstMessage(queue: Queue) {
    let taken = false;
    await queue.consume(async () => {
      taken = true;
      return new Promise(() => {});
    });
    await waitFor(() => taken, 10_000, 'the first delivery');
    await queue.close({ graceMs: 0 });
  }

  async function collectMessages(queue: Queue) {
    const received: QueueMessage[] = [];
    await queue.consume(async (message) => {
      received.push(message);
      return { type: 'ack' };
    });
    return received;
  }

  const PACING_MS = 200;

  const publishPaced = async (queue: Queue, key: string, count: number) => {
    for (let index = 0; index < count; index += 1) {
      await queue.publish({ id: `${key}-${index}`, body: { index }, pacingKey: key, pacingMs: PACING_MS });
    }
  };

  /**
   * Lets paced messages through one clock step at a time: each time one more is handled, the clock
   * moves one pacing interval. Answers when each was handled, by the clock.
   */
  async function stepPacedMessages(clock: FakeClock, handled: () => number[], count: number) {
    for (let seen = 1; seen <= count; seen += 1) {
      await waitFor(() => handled().length >= seen, 10_000, `paced message ${seen}`);
      clock.advance(PACING_MS);
    }
    return [...handled()].sort((a, b) => a - b);
  }

  /** Every gap between consecutive handled times: a pace that holds leaves none under PACING_MS. */
  const gapsOf = (times: number[]) => times.slice(1).map((time, index) => time - (times[index] ?? 0));

  it('When 10 messages share a pacing key of 200 ms, then each starts 200 ms of the clock after the one before', async () => {
    const clock = createFakeClock();
    const { queue } = newQueue({ concurrency: 10, clock });
    const key = uniqueQueueName('pace');
    await publishPaced(queue, key, 10);
    const times: number[] = [];
    await queue.consume(async () => {
      times.push(clock().getTime());
      return { type: 'ack' };
    });
    const handled = await stepPacedMessages(clock, () => times, 10);
    expect(handled).toHaveLength(10);
    expect(Math.min(...gapsOf(handled))).toBeGreaterThanOrEqual(PACING_MS);
  });

  it('When two consumers share the pacing key, then the pace still holds across them', async () => {
    const clock = createFakeClock();
    const { queue: first, name } = newQueue({ concurrency: 10, clock });
    const { queue: second } = newQueue({ name, concurrency: 10, clock });
    const key = uniqueQueueName('pace');
    await publishPaced(first, key, 10);
    const times: number[] = [];
    const record = async () => {
      times.push(clock().getTime());
      return { type: 'ack' as const };
    };
    await Promise.all([first.consume(record), second.consume(record)]);
    const handled = await stepPacedMessages(clock, () => times, 10);
    expect(handled).toHaveLength(10);
    expect(Math.min(...gapsOf(handled))).toBeGreaterThanOrEqual(PACING_MS);
  });

  // Separate processes need a shared server database (PGlite lives in one process).
  if (testBackend === 'postgres')
    it('When two consumer processes share the pacing key, then the pace holds across processes', async () => {
      const clockFile = join(tempDir, `${uniqueQueueName('clock')}.ms`);
      const clock = createFakeClock(Date.now(), { file: clockFile });
      const { queue, name } = newQueue({ clock });
      const outFile = join(tempDir, `${name}.out`);
      const env = {
        QUEUE_NAME: name,
        DATABASE_URL: String(database.url),
        OUT_FILE: outFile,
        CLOCK_FILE: clockFile,
      };
      const children = await Promise.all([spawnConsumer(env), spawnConsumer(env)]);
      try {
        const key = uniqueQueueName('pace');
        await publishPaced(queue, key, 10);
        const handled = await stepPacedMessages(
          clock,
          () => readProcessed(outFile).map((line) => line.at),
          10,
        );
        expect(handled).toHaveLength(10);
        expect(Math.min(...gapsOf(handled))).toBeGreaterThanOrEqual(PACING_MS);
      } finally {
        await Promise.all(children.map((child) => stopChild(child)));
      }
    }, 30_000);

  it('When the handler asks for retries, then the message comes back with its retry count', async () => {
    const { queue, name } = newQueue();
    await queue.publish({ id: 'flaky', body: { x: 1 }, priority: 7 });
    const attempts: number[] = [];
    await queue.consume(async (message) => {
      attempts.push(message.attempts);
      expect(message).toMatchObject({ id: 'flaky', body: { x: 1 }, priority: 7 });
      return message.attempts < 3 ? { type: 'retry', delayMs: 50 } : { type: 'ack' };
    });
    await waitFor(() => attempts.length === 4, 10_000, 'retries');
    expect(attempts).toEqual([0, 1, 2, 3]);
    // Acked at last: nothing of it is left to come back, on the queue or waiting out a delay.
    await waitFor(async () => (await countQueued(database.db, name)) === 0, 10_000, 'the ack');
  });

  it('When the handler throws, then the message is retried', async () => {
    const { queue } = newQueue();
    await queue.publish({ id: 'boom', body: {} });
    const attempts: number[] = [];
    await queue.consume(
      async (message) => {
        attempts.push(message.attempts);
        if (message.attempts === 0) throw new Error('boom');
        return { type: 'ack' };
      },
      { retryDelayMs: 50 },
    );
    await waitFor(() => attempts.length === 2, 10_000, 'the retry');
    expect(attempts).toEqual([0, 1]);
  });

  it('When a consumer dies without acking, then the message is delivered again', async () => {
    const { queue: dying, name } = newQueue({ leaseMs: 500 });
    await dying.publish({ id: 'survivor', body: { keep: true } });
    await dieHoldingFirstMessage(dying);

    const { queue: next } = newQueue({ name, leaseMs: 500 });
    const received = await collectMessages(next);
    await waitFor(() => received.length === 1, 10_000, 'the redelivery');
    expect(received[0]).toMatchObject({ id: 'survivor', body: { keep: true } });
  });

  it('When a consumer dies holding a message and its next incarnation starts, then the message comes back at once, not a lease later', async () => {
    const clock = createFakeClock();
    const { queue: dying, name } = newQueue({ leaseMs: 60_000, clock, workerName: 'consumer-1' });
    await dying.publish({ id: 'in-flight', body: { n: 1 } });
    await dieHoldingFirstMessage(dying);

    const { queue: restarted } = newQueue({ name, leaseMs: 60_000, clock, workerName: 'consumer-1' });
    const received = await collectMessages(restarted);
    await waitFor(() => received.length === 1, 10_000, 'the message back, the clock standing still');
    expect(received[0]).toMatchObject({ id: 'in-flight', body: { n: 1 } });
  });

  it('When the queue is reachable, then ping answers', async () => {
    const { queue } = newQueue();
    await queue.publish({ id: 'warm-up', body: {} });
    await expect(queue.ping()).resolves.toBeUndefined();
  });
});
