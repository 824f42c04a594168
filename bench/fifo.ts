/**
 * FIFO benchmark (on demand, never a test): `npm run bench -- fifo`, on PostgreSQL.
 * For each case, a fresh database, the real server in its own process and the bench receiver (200 at
 * once): BENCH_FIFO_EMITS (3000) emits by 32 concurrent emitters to one subscription, timed from
 * the first emit to the last delivery received. Cases: IMMEDIATE (the reference, measured in the same
 * run) and FIFO with 1, 10 and 100 ordering keys (emit n on key n mod K). Prints deliveries/s, the
 * ratio to IMMEDIATE, and CPU µs per delivery of the app process and of PostgreSQL (the connections
 * of that database). BENCH_ROUNDS (1) repeats the whole set; medians are printed when above 1.
 */
import { spawnServer, stopServer } from '../apps/api/test/support/server-process';
import {
  API_KEY,
  cpuBetween,
  databaseCpuMs,
  fmt,
  insertFixture,
  median,
  openBenchStorage,
  processCpuMs,
  sleep,
  startBenchReceiver,
} from './support';

const EMITS = Number(process.env.BENCH_FIFO_EMITS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const EMITTERS = 32;
/** BENCH_FIFO_CASES: a comma list of case names to run (all by default). */
const ONLY = (process.env.BENCH_FIFO_CASES ?? '').split(',').filter(Boolean);
const DRAIN_TIMEOUT_MS = 300_000;

type Case = { name: string; keys: number | null };
const CASES: Case[] = [
  { name: 'IMMEDIATE', keys: null },
  { name: 'FIFO 1 key', keys: 1 },
  { name: 'FIFO 10 keys', keys: 10 },
  { name: 'FIFO 100 keys', keys: 100 },
];
type Figures = { emitRate: number; rate: number; appCpuUs: number; postgresCpuUs: number };

async function runCase(
  receiver: Awaited<ReturnType<typeof startBenchReceiver>>,
  testCase: Case,
): Promise<Figures> {
  await receiver.reset();
  const storage = await openBenchStorage('postgres');
  const fixture = await insertFixture(storage.ctx, `${receiver.url}/fifo`, 1);
  if (testCase.keys !== null) {
    await storage.ctx.database.query("UPDATE events SET queue_type = 'FIFO' WHERE id = $1", [
      fixture.eventId,
    ]);
  }
  await storage.ctx.database.close();
  const database = new URL(storage.env.DATABASE_URL as string).pathname.slice(1);
  const server = await spawnServer({ ...storage.env, ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'warn' });
  try {
    const pid = server.child.pid ?? 0;
    const appBefore = processCpuMs(pid);
    const postgresBefore = await databaseCpuMs(database);
    const started = performance.now();
    let next = 0;
    const emitter = async () => {
      while (next < EMITS) {
        const n = next++;
        const answer = await fetch(`${server.url}/v1/events/emit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          body: JSON.stringify({
            eventType: fixture.alias,
            applicationId: fixture.applicationId,
            data: { n },
            ...(testCase.keys === null ? {} : { orderingKey: `k${n % testCase.keys}` }),
          }),
        });
        if (answer.status !== 202) throw new Error(`emit answered ${answer.status}: ${await answer.text()}`);
      }
    };
    await Promise.all(Array.from({ length: EMITTERS }, emitter));
    const emittedMs = performance.now() - started;
    while ((await receiver.stats()).received < EMITS) {
      if (performance.now() - started > DRAIN_TIMEOUT_MS) throw new Error(`${testCase.name}: not drained`);
      await sleep(10);
    }
    const elapsedMs = performance.now() - started;
    const appMs = processCpuMs(pid) - appBefore;
    const postgresMs = cpuBetween(postgresBefore, await databaseCpuMs(database));
    return {
      emitRate: EMITS / (emittedMs / 1000),
      rate: EMITS / (elapsedMs / 1000),
      appCpuUs: (appMs * 1000) / EMITS,
      postgresCpuUs: (postgresMs * 1000) / EMITS,
    };
  } finally {
    await stopServer(server, 'SIGTERM');
    await storage.drop().catch(() => {});
  }
}

async function main() {
  const receiver = await startBenchReceiver();
  const results = new Map<string, Figures[]>();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      let reference = 0;
      for (const testCase of CASES.filter((c) => ONLY.length === 0 || ONLY.includes(c.name))) {
        const figures = await runCase(receiver, testCase);
        if (testCase.keys === null) reference = figures.rate;
        results.set(testCase.name, [...(results.get(testCase.name) ?? []), figures]);
        console.log(
          `round ${round} ${testCase.name.padEnd(14)} ${fmt(figures.rate, 0)} deliveries/s ` +
            `(${fmt(figures.rate / reference, 2)}× IMMEDIATE; emits ${fmt(figures.emitRate, 0)}/s), CPU µs/delivery app ${fmt(figures.appCpuUs, 0)}, ` +
            `PostgreSQL ${fmt(figures.postgresCpuUs, 0)}`,
        );
      }
    }
  } finally {
    receiver.child.kill();
  }
  if (ROUNDS > 1) {
    const reference = median((results.get('IMMEDIATE') ?? []).map((f) => f.rate));
    for (const [name, runs] of results) {
      const rate = median(runs.map((f) => f.rate));
      console.log(
        `median ${name.padEnd(14)} ${fmt(rate, 0)} deliveries/s (${fmt(rate / reference, 2)}× IMMEDIATE), ` +
          `app ${fmt(median(runs.map((f) => f.appCpuUs)), 0)} µs, PostgreSQL ${fmt(median(runs.map((f) => f.postgresCpuUs)), 0)} µs`,
      );
    }
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
