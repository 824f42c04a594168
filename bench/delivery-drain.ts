/**
 * Delivery benchmark (on demand, never a test):
 *   node --import tsx bench/delivery-drain.ts            (all parts)
 *   BENCH_N=20000 BENCH_PARTS=drain,drain-server,emit,latency,logs node --import tsx bench/delivery-drain.ts
 * Prints deliveries/s on PostgreSQL and PGlite against the raw undici ceiling,
 * emit throughput and latency, peak RSS, and log list query times (median and p95 of 20, searches
 * and the traffic charts' GET /v1/stats/deliveries included) on 1M delivery logs and 1M event logs.
 * Knobs: BENCH_BACKENDS=postgres,pglite, BENCH_LOG_ROWS, DELIVERY_CONCURRENCY,
 * DELIVERY_BATCH_SIZE, BENCH_NO_TRIGGERS=1 (drops the log-count triggers to see their cost).
 */

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { buildApp } from '../apps/api/src/build-app';
import { testConfig } from '../apps/api/src/config';
import type { AppContext } from '../apps/api/src/context';
import {
  addDeliveryCounts,
  addDeliveryDurations,
  durationBucketSql,
} from '../apps/api/src/delivery/delivery-stats-sql';
import { startDeliveryEngine } from '../apps/api/src/delivery/engine';
import { newId } from '../apps/api/src/lib/ids';
import { bootstrapAdmin } from '../apps/api/src/modules/admin-users/bootstrap-admin';
import { spawnServer, spawnWorker, stopServer } from '../apps/api/test/support/server-process';
import {
  API_KEY,
  cpuBetween,
  databaseCpuMs,
  type Fixture,
  fmt,
  insertFixture,
  median,
  openBenchStorage,
  percentile,
  processCpuMs,
  sleep,
  startBareEmitServer,
  startBenchReceiver,
} from './support';

const N = Number(process.env.BENCH_N ?? 20_000);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'drain,drain-server,emit,latency,logs').split(','));
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const EMIT_CONNECTIONS = Number(process.env.BENCH_EMIT_CONNECTIONS ?? 32);
/** BENCH_SPLIT_ROLES=1: emits to an `--role api` server, delivered by a separate `--role worker` process. */
const SPLIT_ROLES = process.env.BENCH_SPLIT_ROLES === '1';
/** The raw ceiling keeps as many requests in flight as the engine does. */
const IN_FLIGHT = testConfig(
  process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {},
).DELIVERY_CONCURRENCY;

async function insertPending(ctx: AppContext, fixture: Fixture, count: number) {
  // One occurrence per round over the subscriptions: (occurrence, subscription) is unique.
  const perOccurrence = fixture.subscriptionIds.length;
  const occurrenceIds = Array.from({ length: Math.ceil(count / perOccurrence) }, () => newId());
  const occ = JSON.stringify(occurrenceIds);
  await ctx.db.execute(sql`INSERT INTO occurrences (id, event_id, application_id, event_type, data)
    SELECT (${occ}::jsonb ->> j)::uuid, ${fixture.eventId}, ${fixture.applicationId}, ${fixture.alias}, '{}'::jsonb
    FROM generate_series(0, ${occurrenceIds.length - 1}::int) AS j`);
  const subs = JSON.stringify(fixture.subscriptionIds);
  await ctx.db.execute(sql`INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status,
      event_data_received, payload_sent, next_attempt_at)
    SELECT gen_random_uuid(), (${occ}::jsonb ->> (i / ${perOccurrence}))::uuid,
      (${subs}::jsonb ->> (i % ${perOccurrence}))::uuid,
      ${fixture.eventId}, 'PENDING', jsonb_build_object('n', i),
      jsonb_build_object('order', jsonb_build_object('id', i, 'total', 99.9, 'customer', 'Maria da Silva')), now()
    FROM generate_series(0, ${count - 1}::int) AS i`);
  // What autovacuum does after a bulk insert; without it the planner sees an empty table.
  await ctx.db.execute(sql`ANALYZE`);
}

const databaseName = (env: Record<string, string>) =>
  env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : null;

async function countStatus(ctx: AppContext, status: string) {
  const result = (await ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM delivery_logs WHERE status = ${status}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}

/**
 * The raw ceiling, in a process of its own: its 20,000 requests leave a V8 heap behind that this
 * process would keep as resident memory, and the drain's peak RSS must be the delivery engine's.
 */
async function rawCeiling(url: string, total: number, concurrency: number): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'raw-ceiling.ts'), url, String(total), String(concurrency)],
    { cwd: import.meta.dirname },
  );
  return Number(JSON.parse(stdout).rate);
}

/** Where the process's memory is (MiB): the drain's peak RSS read against what setup left behind. */
function logMemory(label: string) {
  const mib = (bytes: number) => fmt(bytes / 1048576, 0);
  const usage = process.memoryUsage();
  console.log(
    `  memory ${label}: RSS ${mib(usage.rss)}, V8 heap ${mib(usage.heapUsed)}/${mib(usage.heapTotal)}, ` +
      `external ${mib(usage.external)} (array buffers ${mib(usage.arrayBuffers)}), ` +
      `process peak ${mib(process.resourceUsage().maxRSS * 1024)} MiB`,
  );
}

async function drain(kind: 'postgres' | 'pglite', receiverUrl: string) {
  logMemory(`${kind} before open`);
  const storage = await openBenchStorage(kind, {
    DELIVERY_POLL_MS: '50',
    ...(process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {}),
    ...(process.env.DELIVERY_BATCH_SIZE ? { DELIVERY_BATCH_SIZE: process.env.DELIVERY_BATCH_SIZE } : {}),
  });
  const fixture = await insertFixture(storage.ctx, `${receiverUrl}/drain`);
  await insertPending(storage.ctx, fixture, N);
  if (process.env.BENCH_NO_TRIGGERS)
    await storage.ctx.db.execute(sql`DROP TRIGGER delivery_log_counts_update ON delivery_logs`);
  if (process.env.BENCH_EXTRA_SQL) await storage.ctx.db.execute(sql.raw(process.env.BENCH_EXTRA_SQL));
  logMemory(`${kind} after inserting ${N} due deliveries`);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const database = databaseName(storage.env);
  const postgresCpuBefore = database ? await databaseCpuMs(database) : new Map();
  const engine = startDeliveryEngine(storage.ctx);
  while ((await countStatus(storage.ctx, 'SUCCESS')) < N) await sleep(100);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // CPU per delivery, contention aside: the engine's and the database's (PGlite runs in the engine).
  const engineCpuUs = (cpu.user + cpu.system) / N;
  const postgresCpuAfter = database ? await databaseCpuMs(database) : new Map();
  const postgresCpuUs = (cpuBetween(postgresCpuBefore, postgresCpuAfter) * 1000) / N;
  clearInterval(sampler);
  logMemory(`${kind} drained`);
  await engine.stop();
  return { storage, fixture, rate: N / seconds, seconds, peakRss, engineCpuUs, postgresCpuUs };
}

/** The peak resident memory (VmHWM) of a live process, in bytes; 0 when unreadable. */
function peakRssOf(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The drain as deployed on PGlite: N due deliveries written here, the database closed, then a
 * `--role worker` server process opens it and delivers them. Its peak RSS (VmHWM) is the product's
 * alone, with none of this harness's modules and heap.
 */
async function drainInServerProcess(receiver: Awaited<ReturnType<typeof startBenchReceiver>>) {
  const storage = await openBenchStorage('pglite');
  const fixture = await insertFixture(storage.ctx, `${receiver.url}/drain-server`);
  await insertPending(storage.ctx, fixture, N);
  await storage.drop();
  await receiver.reset();
  const started = performance.now();
  const worker = await spawnWorker({ ...storage.env, DELIVERY_POLL_MS: '50', ALLOW_PRIVATE_TARGETS: 'true' });
  const pid = worker.child.pid ?? 0;
  try {
    while ((await receiver.stats()).received < N) {
      if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output()}`);
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rate: N / seconds, peakRss: peakRssOf(pid), cpuUs: (processCpuMs(pid) * 1000) / N };
  } finally {
    await stopServer(worker);
  }
}

type EmitFigures = {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  serverCpuUs: number;
  postgresCpuUs: number;
  /** autocannon's own CPU (this process), which shares the machine's two cores with the server. */
  loadCpuUs: number;
};

/**
 * Warm-up, then EMIT_CONNECTIONS connections for 10 s. CPU per request, contention aside: of the server `pids`
 * (deliveries included) and of the PostgreSQL backends serving `database`.
 */
async function loadEmit(url: string, body: string, pids: number[], database?: string): Promise<EmitFigures> {
  const serverCpuMs = () => pids.reduce((total, pid) => total + processCpuMs(pid), 0);
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  await autocannon({ url, method: 'POST', headers, body, connections: 16, duration: 2 });
  const serverCpuBefore = serverCpuMs();
  const postgresCpuBefore = database ? await databaseCpuMs(database) : new Map();
  const loadCpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections: EMIT_CONNECTIONS,
    duration: 10,
  });
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const requests = result.requests.total;
  const postgresCpuAfter = database ? await databaseCpuMs(database) : new Map();
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpuUs: ((serverCpuMs() - serverCpuBefore) * 1000) / requests,
    postgresCpuUs: (cpuBetween(postgresCpuBefore, postgresCpuAfter) * 1000) / requests,
    loadCpuUs: (loadCpu.user + loadCpu.system) / requests,
  };
}

/** The same load against bare Fastify (no key check, database or delivery): the emit reference. */
async function emitReference(): Promise<EmitFigures> {
  const bare = await startBareEmitServer();
  try {
    const body = JSON.stringify({ eventType: 'bench.reference', applicationId: newId(), data: { a: 1 } });
    return await loadEmit(`${bare.url}/v1/events/emit`, body, [bare.child.pid ?? 0]);
  } finally {
    bare.child.kill();
  }
}

async function emitThroughput(receiverUrl: string) {
  const storage = await openBenchStorage('postgres');
  const fixture = await insertFixture(storage.ctx, `${receiverUrl}/emit`, 1);
  const latencyFixture = await insertFixture(storage.ctx, `${receiverUrl}/latency`, 1, fixture.applicationId);
  const dropped = process.env.BENCH_NO_TRIGGERS ?? '';
  if (dropped === '1' || dropped === 'update')
    await storage.ctx.db.execute(sql`DROP TRIGGER delivery_log_counts_update ON delivery_logs`);
  if (dropped === '1' || dropped === 'insert')
    await storage.ctx.db.execute(sql`DROP TRIGGER delivery_log_counts_insert ON delivery_logs`);
  if (process.env.BENCH_EXTRA_SQL) await storage.ctx.db.execute(sql.raw(process.env.BENCH_EXTRA_SQL));
  const env = { ...storage.env, ALLOW_PRIVATE_TARGETS: 'true' };
  const server = await spawnServer({ ...env, LOG_LEVEL: 'warn', ...(SPLIT_ROLES ? { ROLE: 'api' } : {}) });
  const worker = SPLIT_ROLES ? await spawnWorker(env) : null;
  try {
    const body = JSON.stringify({
      eventType: fixture.alias,
      applicationId: fixture.applicationId,
      data: { a: 1 },
    });
    const database = databaseName(storage.env) as string;
    const pids = [server, worker].flatMap((process) => (process?.child.pid ? [process.child.pid] : []));
    const emit = await loadEmit(`${server.url}/v1/events/emit`, body, pids, database);
    // Latency is measured on an idle engine, not behind the deliveries the load left queued.
    const drainStarted = performance.now();
    while ((await countStatus(storage.ctx, 'PENDING')) > 0) await sleep(100);
    const backlogSeconds = (performance.now() - drainStarted) / 1000;
    const latency = await steadyLatency(server.url, latencyFixture, receiverUrl);
    return { emit, latency, backlogSeconds };
  } finally {
    await stopServer(server);
    if (worker) await stopServer(worker);
    await storage.drop();
  }
}

async function steadyLatency(serverUrl: string, fixture: Fixture, receiverUrl: string) {
  await fetch(`${receiverUrl}/__reset`);
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const perSecond = 500;
  const seconds = 10;
  const started = performance.now();
  const pending: Promise<unknown>[] = [];
  let failed = 0;
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(
      request(`${serverUrl}/v1/events/emit`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify({
          eventType: fixture.alias,
          applicationId: fixture.applicationId,
          data: { sentAt: Date.now() },
        }),
      }).then(
        (response) => response.body.text(),
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  await sleep(1000);
  await agent.close();
  const stats = (await (await fetch(`${receiverUrl}/__stats`)).json()) as {
    latencies: number;
    p50: number;
    p99: number;
  };
  return { sent: perSecond * seconds, failed, received: stats.latencies, p50: stats.p50, p99: stats.p99 };
}

async function logQueries(ctx: AppContext, fixture: Fixture, label: string, databaseName?: string) {
  const subs = JSON.stringify(fixture.subscriptionIds);
  const perOccurrence = fixture.subscriptionIds.length;
  // Occurrence n has the id 00000000-…-n, so each (occurrence, subscription) pair is unique.
  const occurrenceOf = (n: SQL) => sql`lpad(to_hex(${n}), 32, '0')::uuid`;
  const insertStarted = performance.now();
  await ctx.db.execute(sql`INSERT INTO occurrences (id, event_id, application_id, event_type, data)
    SELECT ${occurrenceOf(sql`n`)}, ${fixture.eventId}, ${fixture.applicationId}, ${fixture.alias}, '{}'::jsonb
    FROM generate_series(0, ${Math.ceil(LOG_ROWS / perOccurrence)}::int) AS n`);
  // Chunks small enough to stay under the query timeout on a busy machine.
  const chunk = 50_000;
  for (let offset = 0; offset < LOG_ROWS; offset += chunk) {
    await ctx.db.execute(sql`INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status,
        http_status_code, event_data_received, payload_sent, attempt_count, processed_at, created_at)
      SELECT gen_random_uuid(), ${occurrenceOf(sql`i / ${perOccurrence}`)},
        (${subs}::jsonb ->> (i % ${perOccurrence}))::uuid,
        ${fixture.eventId}, (ARRAY['SUCCESS','SUCCESS','SUCCESS','SUCCESS','FAILED','IGNORED','RETRYING'])[1 + i % 7],
        200, '{"a":1}'::jsonb, '{"a":1}'::jsonb, 1, now(), now() - make_interval(secs => i)
      FROM generate_series(${offset}::int, ${Math.min(offset + chunk, LOG_ROWS) - 1}::int) AS i`);
  }
  // As many queued event logs, 1 in 7 FAILED with an error text, each with an external id.
  for (let offset = 0; offset < LOG_ROWS; offset += chunk) {
    await ctx.db.execute(sql`INSERT INTO event_logs (id, event_id, event_type, organization_id,
        external_event_id, queue_type, status, payload, error_message, application_id, created_at)
      SELECT gen_random_uuid(), gen_random_uuid(), ${fixture.alias}, 'org-' || (i % 50),
        'pedido-' || i, 'RABBITMQ', CASE WHEN i % 7 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, '{"a":1}'::json,
        CASE WHEN i % 7 = 0 THEN 'HTTP 503 do destino ' || (i % 1000) END,
        ${fixture.applicationId}, now() - make_interval(secs => i)
      FROM generate_series(${offset}::int, ${Math.min(offset + chunk, LOG_ROWS) - 1}::int) AS i`);
  }
  // The per-minute figures the record path would have written for these logs: one attempt each,
  // of the log's outcome, taking 20–420 ms; the IGNORED ones without one. In chunks of
  // occurrences, like the inserts above.
  const occurrenceChunk = Math.ceil(chunk / perOccurrence);
  for (let first = 0; first * perOccurrence < LOG_ROWS; first += occurrenceChunk) {
    const seeded = `(SELECT subscription_id, date_trunc('minute', created_at) AS minute, status,
        20 + abs(hashtext(id::text)) % 400 AS duration_ms
      FROM delivery_logs
      WHERE occurrence_id >= lpad(to_hex(${first}), 32, '0')::uuid
        AND occurrence_id < lpad(to_hex(${first + occurrenceChunk}), 32, '0')::uuid) AS l`;
    await ctx.db.execute(
      sql.raw(
        addDeliveryCounts(`SELECT subscription_id, minute, count(*) FILTER (WHERE status = 'SUCCESS')::int,
          count(*) FILTER (WHERE status = 'RETRYING')::int, count(*) FILTER (WHERE status = 'FAILED')::int,
          count(*) FILTER (WHERE status = 'IGNORED')::int
        FROM ${seeded} GROUP BY 1, 2 ORDER BY 1, 2`),
      ),
    );
    await ctx.db.execute(
      sql.raw(
        addDeliveryDurations(`SELECT subscription_id, minute, ${durationBucketSql('duration_ms')}, count(*)::int
        FROM ${seeded} WHERE status <> 'IGNORED' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
      ),
    );
  }
  // What autovacuum does after a bulk insert (statistics and the visibility map).
  await ctx.db.execute(sql`VACUUM ANALYZE delivery_stats_minutes`);
  await ctx.db.execute(sql`VACUUM ANALYZE delivery_duration_minutes`);
  await ctx.db.execute(sql`VACUUM ANALYZE delivery_logs`);
  await ctx.db.execute(sql`VACUUM ANALYZE event_logs`);
  await ctx.db.execute(sql`ANALYZE`);
  const insertSeconds = (performance.now() - insertStarted) / 1000;

  await bootstrapAdmin(ctx, () => {});
  const app = await buildApp(ctx);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: 'admin@example.com', password: 'bench-admin-1' },
  });
  const token = JSON.parse(login.body).token as string;
  const now = Date.now();
  const stats = (hours: number, bucketMinutes: number, filter = '') =>
    `/v1/stats/deliveries?from=${new Date(now - hours * 3_600_000).toISOString()}&to=${new Date(now).toISOString()}` +
    `&bucketMinutes=${bucketMinutes}${filter}`;
  const queries: Array<[string, string]> = [
    ['first page, no filter', '/v1/logs?page=1&limit=20'],
    ['status=FAILED', '/v1/logs?status=FAILED&limit=20'],
    ['subscriptionId', `/v1/logs?subscriptionId=${fixture.subscriptionIds[3]}&limit=20`],
    ['eventId + status', `/v1/logs?eventId=${fixture.eventId}&status=SUCCESS&limit=20`],
    ['date range (1 day)', `/v1/logs?startDate=${new Date(Date.now() - 86_400_000).toISOString()}&limit=20`],
    ['search', '/v1/logs?search=Bench%203&limit=20'],
    ['search, no match', '/v1/logs?search=nota%20fiscal&limit=20'],
    ['search + status', '/v1/logs?search=Bench&status=FAILED&limit=20'],
    ['page 50', '/v1/logs?page=50&limit=20'],
    ['event logs: external id', '/v1/rabbitmq/events?search=pedido-123456&limit=20'],
    ['event logs: error text', '/v1/rabbitmq/events?search=destino%20777&limit=20'],
    ['event logs: no match', '/v1/rabbitmq/events?search=nota%20fiscal&limit=20'],
    // The charts of / and /logs, of a subscription's page, its day in one point, and the longest period.
    ['stats: 24 h by minute', stats(24, 1)],
    ['stats: 1 subscription, 24 h by 15 min', stats(24, 15, `&subscriptionId=${fixture.subscriptionIds[3]}`)],
    ['stats: 1 subscription, its day', stats(24, 1440, `&subscriptionId=${fixture.subscriptionIds[3]}`)],
    ['stats: 7 days by hour', stats(24 * 7, 60)],
  ];
  const rows: string[] = [];
  for (const [name, url] of queries) {
    const times: number[] = [];
    // CPU per request holds when the shared machine is busy; wall times do not.
    const appBefore = process.cpuUsage();
    const databaseBefore = databaseName ? await databaseCpuMs(databaseName) : null;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    const appCpu = process.cpuUsage(appBefore);
    const databaseMs =
      databaseBefore && databaseName ? cpuBetween(databaseBefore, await databaseCpuMs(databaseName)) : null;
    const cpu =
      `, CPU per request: app ${fmt((appCpu.user + appCpu.system) / 1000 / 20)} ms` +
      (databaseMs === null ? '' : `, PostgreSQL ${fmt(databaseMs / 20)} ms`);
    rows.push(
      `  ${label.padEnd(10)} ${name.padEnd(38)} median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms${cpu}`,
    );
  }
  const detailId = (
    (await ctx.db.execute(sql`SELECT id FROM delivery_logs LIMIT 1`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows[0]?.id;
  const detailTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await app.inject({
      method: 'GET',
      url: `/v1/logs/${detailId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    detailTimes.push(performance.now() - started);
  }
  rows.push(`  ${label.padEnd(10)} ${'detail'.padEnd(24)} median ${fmt(median(detailTimes))} ms`);
  await app.close();
  return { insertSeconds, rows };
}

async function main() {
  const receiver = await startBenchReceiver();
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    if (PARTS.has('drain')) {
      // The machine's speed drifts: each drain is compared with ceilings measured just before and after it.
      // A first, discarded run warms the receiver and undici up: a cold ceiling would flatter the ratio.
      await rawCeiling(receiver.url, N, IN_FLIGHT);
      let ceilingBefore = await rawCeiling(receiver.url, N, IN_FLIGHT);
      print(
        `raw ceiling (undici, ${IN_FLIGHT} in flight, no database): ${fmt(ceilingBefore, 0)} deliveries/s`,
      );
      for (const kind of (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',') as Array<
        'postgres' | 'pglite'
      >) {
        const result = await drain(kind, receiver.url);
        const ceilingAfter = await rawCeiling(receiver.url, N, IN_FLIGHT);
        const ceiling = (ceilingBefore + ceilingAfter) / 2;
        print(
          `drain ${kind}: ${N} deliveries in ${fmt(result.seconds, 2)} s = ${fmt(result.rate, 0)}/s ` +
            `(ratio ${fmt(result.rate / ceiling, 2)} of raw ${fmt(ceiling, 0)}/s, the mean of ` +
            `${fmt(ceilingBefore, 0)} before and ${fmt(ceilingAfter, 0)} after), ` +
            `peak RSS ${fmt(result.peakRss / 1048576, 0)} MiB, ` +
            `CPU per delivery: engine ${fmt(result.engineCpuUs, 0)} µs, PostgreSQL ${fmt(result.postgresCpuUs, 0)} µs`,
        );
        ceilingBefore = ceilingAfter;
        if (PARTS.has('logs') && (kind === 'postgres' || process.env.BENCH_PGLITE_LOGS === '1')) {
          const url = result.storage.env.DATABASE_URL;
          const queries = await logQueries(
            result.storage.ctx,
            result.fixture,
            kind,
            url ? new URL(url).pathname.slice(1) : undefined,
          );
          print(
            `log list on ${fmt(LOG_ROWS, 0)} rows (${kind}, inserted in ${fmt(queries.insertSeconds, 1)} s):`,
          );
          for (const row of queries.rows) print(row);
        }
        await result.storage.drop();
      }
    }
    if (PARTS.has('drain-server')) {
      const server = await drainInServerProcess(receiver);
      print(
        `drain pglite in a --role worker server process (start included): ${fmt(server.rate, 0)}/s ` +
          `(${fmt(server.seconds, 2)} s), peak RSS (VmHWM) ${fmt(server.peakRss / 1048576, 0)} MiB, ` +
          `CPU per delivery ${fmt(server.cpuUs, 0)} µs`,
      );
    }
    if (PARTS.has('emit')) {
      const reference = await emitReference();
      print(
        `emit reference (bare Fastify, same request, ${EMIT_CONNECTIONS} connections, 10 s): ${fmt(reference.rate, 0)} requests/s, ` +
          `p50 ${reference.p50} ms, p99 ${reference.p99} ms, CPU per request ${fmt(reference.serverCpuUs, 0)} µs ` +
          `(autocannon ${fmt(reference.loadCpuUs, 0)} µs)`,
      );
      const { emit, latency, backlogSeconds } = await emitThroughput(receiver.url);
      print(
        `emit (postgres, ${SPLIT_ROLES ? 'api and worker processes' : 'real server'}, ${EMIT_CONNECTIONS} connections, 10 s, 1 subscription): ${fmt(emit.rate, 0)} events/s ` +
          `(ratio ${fmt(emit.rate / reference.rate, 2)} of the reference), ` +
          `p50 ${emit.p50} ms, p99 ${emit.p99} ms, non-2xx ${emit.non2xx}, errors ${emit.errors}`,
      );
      print(
        `CPU per emit (delivery included): server ${fmt(emit.serverCpuUs, 0)} µs, ` +
          `PostgreSQL ${fmt(emit.postgresCpuUs, 0)} µs, autocannon ${fmt(emit.loadCpuUs, 0)} µs`,
      );
      print(`deliveries still queued when the load stopped were sent in ${fmt(backlogSeconds, 1)} s`);
      print(
        `emit-to-receiver latency at 500 events/s for 10 s: p50 ${fmt(latency.p50)} ms, p99 ${fmt(latency.p99)} ms ` +
          `(${latency.received}/${latency.sent} received, ${latency.failed} emits failed)`,
      );
    }
  } finally {
    receiver.child.kill();
  }
  console.log(`\nSummary\n${lines.join('\n')}`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
