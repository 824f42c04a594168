/**
 * First, bytes per delivery as a user gets them (bench/api-bytes.ts: the real server, the fixture
 * made through the API, emits over HTTP) with the size of each relation per delivery.
 * Then retention on PostgreSQL (BENCH_DAYS=0 skips it): BENCH_PER_DAY (20,000) deliveries a simulated day over BENCH_DAYS (5)
 * days with a BENCH_RETENTION_DAYS (2) period, on a clock the benchmark moves. Each morning the
 * purge runs while emits keep coming; then the day's emits (a 309-byte request, one subscription)
 * are delivered to the bench receiver; the fixture is made through the API of the in-process app,
 * emits are injected. Prints bytes per delivery (pg_database_size after CHECKPOINT
 * and VACUUM), the database size after each day (it must level off once days expire), the purge's
 * duration, emit p99 during the purge beside emit p99 of the same load without it (the reference,
 * measured in the same run just before), and CPU µs per delivery of this process (app + load) and
 * of the database's PostgreSQL processes.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/api/src/build-app';
import { testConfig } from '../apps/api/src/config';
import { createContext } from '../apps/api/src/create-context';
import { startDeliveryEngine } from '../apps/api/src/delivery/engine';
import { runRetentionPurge } from '../apps/api/src/delivery/retention-purge';
import { bootstrapAdmin } from '../apps/api/src/modules/admin-users/bootstrap-admin';
import { measureApiBytes } from './api-bytes';
import { BENCH_ADMIN, createApiFixture, emitBodyOf } from './api-fixture';
import {
  cpuBetween,
  createBenchDatabase,
  databaseCpuMs,
  dropBenchDatabase,
  fmt,
  POSTGRES_URL,
  percentile,
  SECRET_KEY,
  sleep,
  startBenchReceiver,
} from './support';

const PER_DAY = Number(process.env.BENCH_PER_DAY ?? 20_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 5);
const RETENTION = Number(process.env.BENCH_RETENTION_DAYS ?? 2);
const CONCURRENCY = 32;
const DAY_MS = 86_400_000;

const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAYS * DAY_MS;
let at = firstDay;
const clock = () => new Date(at);

const receiver = await startBenchReceiver();
const apiBytes = await measureApiBytes(receiver.url);
await receiver.reset();
if (DAYS === 0) {
  receiver.child.kill();
  process.exit(0);
}

const name = `wm_bench_retention_${randomBytes(3).toString('hex')}`;
const url = await createBenchDatabase(POSTGRES_URL, name);
const ctx = await createContext(
  testConfig({
    DATABASE_URL: url,
    SECRET_KEY,
    RETENTION_DAYS: String(RETENTION),
    DELIVERY_POLL_MS: '50',
    LOG_LEVEL: 'warn',
    ...BENCH_ADMIN,
  }),
  undefined,
  { clock },
);
const app = await buildApp(ctx);
await bootstrapAdmin(ctx, () => {});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const engine = startDeliveryEngine(ctx);
const fixture = await createApiFixture(address, `${receiver.url}/empty`);
const admin = new pg.Client({ connectionString: url });
await admin.connect();

async function emitOne(n: number): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/v1/events/emit',
    headers: { 'x-api-key': fixture.apiKey, 'content-type': 'application/json' },
    payload: emitBodyOf(fixture, n),
  });
  if (res.statusCode !== 202) throw new Error(`emit answered ${res.statusCode}: ${res.body}`);
  return performance.now() - started;
}

async function emitMany(count: number, from: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) latencies.push(await emitOne(from + next++));
    }),
  );
  return latencies;
}

/** Emits at a steady pace while `during` runs; answers the latencies of the emits started meanwhile. */
async function emitsDuring(during: () => Promise<unknown>, count: number): Promise<number[]> {
  let isDone = false;
  const latencies: number[] = [];
  let n = 0;
  const load = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!isDone || n < count) {
        latencies.push(await emitOne(10_000_000 + n++));
        if (n > count * 20) break;
      }
    }),
  );
  await during();
  isDone = true;
  await load;
  return latencies;
}

// What the receiver got (the counters lose the days the purge drops).
const delivered = async () => (await receiver.stats()).received;

async function databaseSize(): Promise<number> {
  await admin.query('CHECKPOINT');
  await admin.query('VACUUM');
  const { rows } = await admin.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
  return Number(rows[0]?.size ?? 0);
}

console.log(
  `retention: ${fmt(PER_DAY, 0)} deliveries a day, ${DAYS} days, period ${RETENTION} days (PostgreSQL ${name})`,
);
const cpuStart = process.cpuUsage();
const dbCpuStart = await databaseCpuMs(name);
let total = 0;
let firstDayBytes = 0;
const p99s: { during: number; without: number }[] = [];
for (let day = 0; day < DAYS; day++) {
  const dayStart = firstDay + day * DAY_MS;
  at = dayStart + 3_600_000;
  // Reference first: the same steady load without a purge, then with the purge running under it.
  const without = await emitsDuring(() => sleep(1_000), 50);
  const purgeStarted = performance.now();
  let purgeMs = 0;
  const during = await emitsDuring(async () => {
    const report = await runRetentionPurge(ctx);
    purgeMs = performance.now() - purgeStarted;
    if (report.busy.length > 0) console.log(`  busy (tried next run): ${report.busy.join(', ')}`);
    if (process.env.BENCH_VERBOSE)
      console.log(`  dropped ${report.dropped.join(', ') || 'nothing'}; kept ${report.kept}`);
  }, 50);
  total += without.length + during.length;
  const sizeBefore = await databaseSize();
  at = dayStart + 10 * 3_600_000;
  const emitted = await emitMany(PER_DAY, day * PER_DAY);
  total += emitted.length;
  while ((await delivered()) < total) await sleep(200);
  const sizeAfter = await databaseSize();
  if (day === 0) {
    firstDayBytes = (sizeAfter - sizeBefore) / PER_DAY;
    // What each byte pays for: the largest tables and indexes of the day, per delivery.
    const { rows } = await admin.query<{ name: string; bytes: string }>(
      `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 't') ORDER BY 2 DESC LIMIT 16`,
    );
    for (const row of rows)
      console.log(`  ${row.name}: ${fmt(Number(row.bytes) / PER_DAY, 0)} B per delivery`);
  }
  const pDuring = percentile(during, 99);
  const pWithout = percentile(without, 99);
  p99s.push({ during: pDuring, without: pWithout });
  console.log(
    `day ${day}: purge ${fmt(purgeMs, 0)} ms; emit p99 during purge ${fmt(pDuring)} ms vs without ${fmt(pWithout)} ms ` +
      `(ratio ${fmt(pDuring / Math.max(pWithout, 0.001), 2)}, n=${during.length}/${without.length}); ` +
      `database ${fmt(sizeAfter / 1_048_576)} MiB after the day's ${fmt(PER_DAY, 0)} deliveries; ` +
      `emit p99 of the day ${fmt(percentile(emitted, 99))} ms`,
  );
}
const cpu = process.cpuUsage(cpuStart);
const dbCpu = cpuBetween(dbCpuStart, await databaseCpuMs(name));
console.log(
  `bytes per delivery: API-made fixture over HTTP ${fmt(apiBytes, 0)} (target ≤ 1,500); ` +
    `day 0 of the retention run (in-process emits) ${fmt(firstDayBytes, 0)}`,
);
console.log(
  `CPU µs per delivery: this process (app + load) ${fmt(((cpu.user + cpu.system) / total) * 1, 0)}, ` +
    `PostgreSQL ${fmt((dbCpu * 1000) / total, 0)} (${fmt(total, 0)} emits)`,
);
const worst = p99s.reduce((a, b) => (b.during - b.without > a.during - a.without ? b : a));
console.log(
  `worst emit p99 during purge minus without: ${fmt(worst.during - worst.without)} ms (target < 100 ms)`,
);

await engine.stop();
await app.close();
await admin.end();
await ctx.database.close();
receiver.child.kill();
await dropBenchDatabase(POSTGRES_URL, name);
