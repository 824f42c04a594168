/**
 * A consumer in its own process, for the multi-process pacing and crash tests.
 * Appends `<id> <epoch ms>` to OUT_FILE for every message before acking it, the time read from the
 * queue's clock: the test's fake one when it names its file in CLOCK_FILE, else the real one.
 * Env: QUEUE_BACKEND, QUEUE_NAME, DATABASE_URL, OUT_FILE, CONCURRENCY, WORK_MS, CLOCK_FILE.
 */
import { appendFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/open-database';
import { systemClock } from '../../src/lib/clock';
import { readClockFile } from './fake-clock';
import { openTestQueue } from './test-queue';

const env = process.env;
const database = await openDatabase({ kind: 'postgres', url: String(env.DATABASE_URL), poolSize: 4 });
const clock = env.CLOCK_FILE ? readClockFile(env.CLOCK_FILE) : systemClock;
const queue = openTestQueue(database, {
  name: String(env.QUEUE_NAME),
  concurrency: Number(env.CONCURRENCY ?? 16),
  clock,
});
const workMs = Number(env.WORK_MS ?? 0);
await queue.consume(async (message) => {
  if (workMs > 0) await new Promise((resolve) => setTimeout(resolve, workMs));
  appendFileSync(String(env.OUT_FILE), `${message.id} ${clock().getTime()}\n`);
  return { type: 'ack' };
});
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await queue.close({ graceMs: 1_000 });
  await database.close();
  process.exit(0);
});
