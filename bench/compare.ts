/**
 * Side-by-side benchmark (on demand, never a test): Webhook Manager's immediate path against two
 * peer pipelines a team would build instead (bench/peers/), interleaved, on PostgreSQL:
 *   npm run bench -- compare
 * Each run: a fresh database, the system in its own process, a 2 s warm-up (drained), then
 * BENCH_CONNECTIONS (32) autocannon connections emitting for BENCH_SECONDS (10), one subscription,
 * until every delivery has its final status. Prints emits/s, deliveries/s end to end (load start →
 * last final status), emit p50/p99 and CPU µs per delivery of every process, read from /proc, with
 * the load average. The peers are first tuned (each setting once; the best deliveries/s is kept),
 * then BENCH_ROUNDS (3) rounds run ours and the tuned peers one after the other.
 * BENCH_SYSTEMS=ours-rabbitmq,ours-dbqueue runs our queued path (RABBITMQ events) on RabbitMQ
 * or on the database queue instead; ours-split the immediate path with ROLE=api and ROLE=worker in
 * two processes (no hand-over in process: each delivery is claimed from the table).
 * Knobs: BENCH_RATE (fixed emits/s), BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_SYSTEMS (ours,pg-boss,bullmq;
 * floor, opt-in), BENCH_DATA_BYTES (a text of that size in the emitted data),
 * BENCH_TUNE=0 (skip tuning: first setting of each peer), BENCH_DAYS_KEPT (ours' log tables with the day
 * partitions of a server keeping that many days), BENCH_SERVER_NODE_ARGS (node flags of ours and of the peers,
 * e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { sha256 } from '../apps/api/src/lib/crypto';
import { newId } from '../apps/api/src/lib/ids';
import { deleteBrokerObjects } from '../apps/api/src/queue/rabbitmq-topology';
import { spawnServer, spawnWorker, stopServer } from '../apps/api/test/support/server-process';
import { createApiFixture } from './api-fixture';
import { PEER_SCHEMA } from './peers/peer-store';
import {
  API_KEY,
  cpuBetween,
  createBenchDatabase,
  databaseCpuMs,
  dropBenchDatabase,
  fmt,
  insertFixture,
  keepLogPartitions,
  median,
  openBenchStorage,
  POSTGRES_URL,
  processCpuMs,
  sleep,
  startBenchReceiver,
} from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SYSTEMS = (process.env.BENCH_SYSTEMS ?? 'ours,pg-boss,bullmq')
  .split(',')
  .filter((system) => system !== 'pg-boss' || isPgBossInstalled());
/** BENCH_RATE: emits/s across all connections instead of as fast as they answer (A/B of a change on a busy machine). */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
/**
 * BENCH_FIXTURE=api: our immediate path's application, event and subscription made through the HTTP
 * API, the subscription with the body template `{"d": "#data#"}` as users make them (default
 * `sql`: inserted, no template, the same work as the peers').
 */
const FIXTURE = process.env.BENCH_FIXTURE ?? 'sql';
const RABBITMQ_URL = process.env.BENCH_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/** Our systems: the immediate path, and the queued path on RabbitMQ or on the database queue. */
const OURS: Record<string, 'IMMEDIATE' | 'split' | 'rabbitmq' | 'database'> = {
  ours: 'IMMEDIATE',
  // The immediate path with the HTTP side and the delivery workers in two processes (ROLE api and
  // worker on one database), the deployment that uses a second core.
  'ours-split': 'split',
  'ours-rabbitmq': 'rabbitmq',
  'ours-dbqueue': 'database',
};
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** BENCH_DATA_BYTES: the emitted data carries a text of about this many bytes (default: none, `{a: 1}`). */
const DATA_BYTES = Number(process.env.BENCH_DATA_BYTES ?? 0);
const BENCH_DATA = DATA_BYTES > 0 ? { a: 1, text: 'x'.repeat(DATA_BYTES) } : { a: 1 };

/**
 * Each peer's settings tried in tuning. pg-boss: workers (localConcurrency) × batch size × NOTIFY on
 * insert (1) or a half-second poll (0); BullMQ: jobs in flight in the worker.
 */
const PEER_SETTINGS: Record<string, Array<Record<string, string>>> = {
  'pg-boss': [
    { PEER_WORKERS: '4', PEER_BATCH: '50', PEER_NOTIFY: '1' },
    { PEER_WORKERS: '2', PEER_BATCH: '100', PEER_NOTIFY: '1' },
    { PEER_WORKERS: '4', PEER_BATCH: '50', PEER_NOTIFY: '0' },
  ],
  bullmq: [{ PEER_CONCURRENCY: '100' }, { PEER_CONCURRENCY: '50' }, { PEER_CONCURRENCY: '200' }],
};
/**
 * `floor` (opt-in, BENCH_SYSTEMS=ours,floor): the peers' emit route and send-and-record with no queue
 * at all, each job sent in-process once its rows commit. No lease, retry or crash recovery, so no
 * product: its app CPU is the least this stack spends per delivery. A reference, never a peer.
 */
const FLOOR = 'floor';
const PEER_SCRIPTS: Record<string, string> = {
  'pg-boss': 'peers/pg-boss-pipeline.ts',
  bullmq: 'peers/bullmq-pipeline.ts',
  [FLOOR]: 'peers/in-process-pipeline.ts',
};

/** pg-boss 12 needs Node 22.12+: npm leaves the optional dependency out on Node 20, and its peer with it. */
function isPgBossInstalled(): boolean {
  try {
    import.meta.resolve('pg-boss');
    return true;
  } catch {
    console.log(
      `pg-boss is not installed (it needs Node 22.12+, this is ${process.version}): its peer is left out`,
    );
    return false;
  }
}

type Running = {
  url: string;
  body: string;
  /** The key the emits carry. */
  apiKey: string;
  pids: number[];
  database: string;
  /** Deliveries with a final status so far. */
  finished(client: pg.Client): Promise<number>;
  stop(): Promise<void>;
};

export type Figures = {
  system: string;
  setting: string;
  emits: number;
  emitRate: number;
  deliveryRate: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU µs per delivery by process kind. */
  cpu: Record<string, number>;
  load: string;
  /** Transactions committed in the database per delivery (each autocommit statement is one). */
  statements: number;
};

const CPU_KINDS = ['app', 'postgres', 'redis', 'rabbitmq', 'receiver', 'load'] as const;

function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}
/** Transactions committed so far in `database` (pg_stat_database, flushed by each backend within ~1 s). */
async function committedIn(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1',
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
const cpuOf = (pids: number[]) => pids.reduce((total, pid) => total + processCpuMs(pid), 0);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function startOurs(
  path: 'IMMEDIATE' | 'split' | 'rabbitmq' | 'database',
  receiverUrl: string,
  root?: string,
): Promise<Running> {
  const storage = await openBenchStorage('postgres');
  await keepLogPartitions(storage.ctx.database);
  const isApiFixture = FIXTURE === 'api' && (path === 'IMMEDIATE' || path === 'split');
  const fixture = isApiFixture ? null : await insertFixture(storage.ctx, `${receiverUrl}/ours`, 1);
  const database = new URL(storage.env.DATABASE_URL as string).pathname.slice(1);
  const queueName = `wm.bench.${database}`;
  if (fixture && (path === 'rabbitmq' || path === 'database')) {
    // No pacing between the sends of the event (its default is one send a second): the peers have none.
    await storage.ctx.database.query(
      "UPDATE events SET queue_type = 'RABBITMQ', delay_between_sends = 0 WHERE id = $1",
      [fixture.eventId],
    );
  }
  await storage.ctx.database.close();
  const server = await spawnServer(
    {
      ...storage.env,
      ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
      QUEUE_NAME: queueName,
      ...(path === 'rabbitmq' ? { RABBITMQ_URL } : {}),
      ...(path === 'split' ? { ROLE: 'api' } : {}),
    },
    root,
  );
  const emitted = fixture
    ? { alias: fixture.alias, applicationId: fixture.applicationId, apiKey: API_KEY }
    : await createApiFixture(server.url, `${receiverUrl}/ours`);
  const worker =
    path === 'split'
      ? await spawnWorker({ ...storage.env, ALLOW_PRIVATE_TARGETS: 'true', QUEUE_NAME: queueName })
      : null;
  return {
    url: `${server.url}/v1/events/emit`,
    body: JSON.stringify({
      eventType: emitted.alias,
      applicationId: emitted.applicationId,
      data: BENCH_DATA,
    }),
    apiKey: emitted.apiKey,
    pids: [server.child.pid ?? 0, ...(worker ? [worker.child.pid ?? 0] : [])],
    database,
    finished: async (client) =>
      (
        await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM delivery_logs WHERE status IN ('SUCCESS', 'FAILED')",
        )
      ).rows[0]?.n ?? 0,
    stop: async () => {
      await stopServer(server);
      if (worker) await stopServer(worker);
      if (path === 'rabbitmq') await deleteBrokerObjects(RABBITMQ_URL, queueName);
      await dropBenchDatabase(POSTGRES_URL, database);
    },
  };
}

async function startPeer(
  peer: string,
  setting: Record<string, string>,
  receiverUrl: string,
): Promise<Running> {
  const database = `wm_bench_peer_${Date.now()}`;
  const databaseUrl = await createBenchDatabase(POSTGRES_URL, database);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(PEER_SCHEMA);
  const eventType = 'bench.peer';
  await client.query(
    'INSERT INTO peer_subscriptions (id, api_key_hash, event_type, url, secret) VALUES ($1, $2, $3, $4, $5)',
    [
      newId(),
      sha256(API_KEY),
      eventType,
      `${receiverUrl}/${peer}`,
      `whsec_${Buffer.from('secret-0-0123456789abcdef').toString('base64')}`,
    ],
  );
  await client.end();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      join(import.meta.dirname, PEER_SCRIPTS[peer] as string),
    ],
    {
      env: { ...process.env, ...setting, PEER_DATABASE_URL: databaseUrl, PEER_REDIS_URL: REDIS_URL },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line).url));
    child.once('exit', (code) => reject(new Error(`${peer} exited with ${code}`)));
  });
  return {
    url: `${url}/v1/events/emit`,
    body: JSON.stringify({ eventType, data: BENCH_DATA }),
    apiKey: API_KEY,
    pids: [child.pid ?? 0],
    database,
    finished: async (db) =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM peer_deliveries WHERE status IN ('SUCCESS', 'FAILED')",
        )
      ).rows[0]?.n ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(null);
        });
      });
      await dropBenchDatabase(POSTGRES_URL, database);
    },
  };
}

/** Waits until `expected` deliveries are final, polling with a short-lived connection (not counted). */
async function waitFinished(running: Running, expected: number, deadlineMs = 120_000): Promise<number> {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${running.database}`;
  const started = Date.now();
  for (;;) {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const done = await running.finished(client);
    await client.end();
    if (done >= expected) return performance.now();
    if (Date.now() - started > deadlineMs) throw new Error(`only ${done}/${expected} deliveries final`);
    await sleep(50);
  }
}

/** One run of `system`; ours from another checkout when `root` is given (a baseline). */
export async function measure(
  system: string,
  setting: Record<string, string>,
  receiver: Awaited<ReturnType<typeof startBenchReceiver>>,
  root?: string,
): Promise<Figures> {
  const ours = OURS[system];
  const running = ours
    ? await startOurs(ours, receiver.url, root)
    : await startPeer(system, setting, receiver.url);
  try {
    const headers = { 'content-type': 'application/json', 'x-api-key': running.apiKey };
    const warm = await autocannon({
      url: running.url,
      method: 'POST',
      headers,
      body: running.body,
      connections: 16,
      duration: 2,
    });
    if (warm['2xx'] === 0) throw new Error(`${system}: warm-up answered no 2xx (${warm.non2xx} non-2xx)`);
    await waitFinished(running, warm['2xx']);
    const others = {
      redis: pidsNamed('redis-server'),
      rabbitmq: pidsNamed('beam.smp'),
      receiver: [receiver.child.pid ?? 0],
    };
    const before = {
      app: cpuOf(running.pids),
      redis: cpuOf(others.redis),
      rabbitmq: cpuOf(others.rabbitmq),
      receiver: cpuOf(others.receiver),
      postgres: await databaseCpuMs(running.database),
      load: process.cpuUsage(),
      committed: await committedIn(running.database),
    };
    const started = performance.now();
    const result = await autocannon({
      url: running.url,
      method: 'POST',
      headers,
      body: running.body,
      connections: CONNECTIONS,
      duration: SECONDS,
      ...(RATE ? { overallRate: RATE } : {}),
    });
    const emitted = result['2xx'];
    const finishedAt = await waitFinished(running, warm['2xx'] + emitted);
    const load = process.cpuUsage(before.load);
    const postgresAfter = await databaseCpuMs(running.database);
    await sleep(1100);
    const committed = (await committedIn(running.database)) - before.committed;
    const perDelivery = (ms: number) => (ms * 1000) / emitted;
    return {
      system,
      setting: Object.values(setting).join('×') || '-',
      emits: emitted,
      emitRate: emitted / SECONDS,
      deliveryRate: emitted / ((finishedAt - started) / 1000),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      cpu: {
        app: perDelivery(cpuOf(running.pids) - before.app),
        postgres: perDelivery(cpuBetween(before.postgres, postgresAfter)),
        redis: perDelivery(cpuOf(others.redis) - before.redis),
        rabbitmq: perDelivery(cpuOf(others.rabbitmq) - before.rabbitmq),
        receiver: perDelivery(cpuOf(others.receiver) - before.receiver),
        // The load generator and this process's polls.
        load: (load.user + load.system) / emitted,
      },
      load: loadAverage(),
      statements: committed / emitted,
    };
  } finally {
    await running.stop();
  }
}

export function describe(figures: Figures): string {
  const cpu = CPU_KINDS.map((kind) => `${kind} ${fmt(figures.cpu[kind] ?? 0, 0)}`).join(', ');
  return (
    `${figures.system.padEnd(8)} ${figures.setting.padEnd(6)} emits ${fmt(figures.emitRate, 0)}/s, ` +
    `deliveries ${fmt(figures.deliveryRate, 0)}/s, emit p50 ${figures.p50} ms p99 ${figures.p99} ms` +
    `${figures.non2xx ? `, non-2xx ${figures.non2xx}` : ''}; CPU µs/delivery: ${cpu} ` +
    `(app+PostgreSQL ${fmt((figures.cpu.app ?? 0) + (figures.cpu.postgres ?? 0), 0)}); ` +
    `${fmt(figures.statements, 2)} transactions/delivery; load ${figures.load}`
  );
}

async function main() {
  const receiver = await startBenchReceiver();
  const chosen: Record<string, Record<string, string>> = {};
  try {
    for (const peer of SYSTEMS.filter((system) => !OURS[system])) {
      const settings = PEER_SETTINGS[peer] ?? [];
      if (process.env.BENCH_TUNE === '0' || settings.length < 2) {
        chosen[peer] = settings[0] ?? {};
        continue;
      }
      let best: Figures | null = null;
      for (const setting of settings) {
        const figures = await measure(peer, setting, receiver);
        console.log(`tuning ${describe(figures)}`);
        if (!best || figures.deliveryRate > best.deliveryRate) {
          best = figures;
          chosen[peer] = setting;
        }
      }
    }
    const all: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const system of SYSTEMS) {
        const figures = await measure(system, chosen[system] ?? {}, receiver);
        all.push(figures);
        console.log(`round ${round} ${describe(figures)}`);
      }
    }
    console.log(
      `\nMedians over ${ROUNDS} rounds (${CONNECTIONS} connections, ${SECONDS} s, one subscription):`,
    );
    const medians = SYSTEMS.map((system) => {
      const runs = all.filter((figures) => figures.system === system);
      const cpu = Object.fromEntries(
        CPU_KINDS.map((kind) => [kind, median(runs.map((run) => run.cpu[kind] ?? 0))]),
      );
      return {
        ...(runs[0] as Figures),
        emitRate: median(runs.map((run) => run.emitRate)),
        deliveryRate: median(runs.map((run) => run.deliveryRate)),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
        non2xx: runs.reduce((total, run) => total + run.non2xx, 0),
        cpu,
        statements: median(runs.map((run) => run.statements)),
        load: runs.map((run) => run.load.split(' ')[0]).join('/'),
      };
    });
    for (const figures of medians) console.log(describe(figures));
    const peers = medians.filter((figures) => !OURS[figures.system] && figures.system !== FLOOR);
    const floor = medians.find((figures) => figures.system === FLOOR);
    const bestPeer = peers.sort((a, b) => b.deliveryRate - a.deliveryRate)[0];
    // Broker CPU counts for every system: a queue in Redis or RabbitMQ is part of the work.
    const total = (figures: Figures) =>
      (figures.cpu.app ?? 0) +
      (figures.cpu.postgres ?? 0) +
      (figures.cpu.redis ?? 0) +
      (figures.cpu.rabbitmq ?? 0);
    for (const ours of medians.filter((figures) => OURS[figures.system])) {
      if (floor) {
        console.log(
          `${ours.system} / floor: deliveries/s ${fmt(ours.deliveryRate / floor.deliveryRate, 2)}×, ` +
            `app CPU per delivery ${fmt((ours.cpu.app ?? 0) / (floor.cpu.app ?? 1), 2)}×, ` +
            `PostgreSQL ${fmt((ours.cpu.postgres ?? 0) / (floor.cpu.postgres ?? 1), 2)}×`,
        );
      }
      if (!bestPeer) continue;
      console.log(
        `${ours.system} / best peer (${bestPeer.system}): deliveries/s ${fmt(ours.deliveryRate / bestPeer.deliveryRate, 2)}×, ` +
          `app+PostgreSQL+broker CPU per delivery ${fmt(total(ours) / total(bestPeer), 2)}×`,
      );
    }
  } finally {
    receiver.child.kill();
  }
  process.exit(0);
}

// Run as a script (`npm run bench -- compare`), not when another benchmark imports its measure.
if (process.argv[1]?.endsWith('compare.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
