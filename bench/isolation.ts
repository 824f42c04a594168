/**
 * Isolation benchmark (on demand, never a test): `npm run bench -- isolation`, on PostgreSQL.
 * 1. Tenant A emits BENCH_A_EMITS (1500) events to an endpoint that accepts connections and never
 *    answers (DELIVERY_TIMEOUT_MS 15000); 2 s later tenant B emits BENCH_B_EMITS (100), one every
 *    BENCH_B_GAP_MS (150), to a receiver that answers 200 at once. Prints how many of B's arrived
 *    within 40 s and B's latency (emit sent → request received) p50/p99/max, for IMMEDIATE events and
 *    RABBITMQ events (on RabbitMQ, delayBetweenSends 100 ms), without and with A's backlog;
 *    BENCH_SCENARIO_BASELINE=1 runs each also for the code before (the baseline below), just before.
 *    BENCH_PATHS picks the paths (IMMEDIATE,RABBITMQ,DBQUEUE: RABBITMQ events on the database queue;
 *    default IMMEDIATE,RABBITMQ), BENCH_BACKLOG=with or alone one side, BENCH_RUNS repeats each (1).
 * 2. `compare`'s single-endpoint run of ours, for the code before (BENCH_BASELINE_REF, default the
 *    merge base of HEAD and main, checked out in a temporary worktree) and this tree, one after the
 *    other BENCH_ROUNDS (3) times: deliveries/s and CPU µs per delivery (medians, ratio after/before),
 *    with the load average. BENCH_PARTS=scenario or compare runs one part.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteBrokerObjects } from '../apps/api/src/queue/rabbitmq-topology';
import { spawnServer, stopServer } from '../apps/api/test/support/server-process';
import { describe, type Figures, measure } from './compare';
import {
  API_KEY,
  dropBenchDatabase,
  fmt,
  insertFixture,
  median,
  openBenchStorage,
  POSTGRES_URL,
  percentile,
  sleep,
  startBenchReceiver,
} from './support';

const A_EMITS = Number(process.env.BENCH_A_EMITS ?? 1500);
const B_EMITS = Number(process.env.BENCH_B_EMITS ?? 100);
const B_GAP_MS = Number(process.env.BENCH_B_GAP_MS ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARTS = (process.env.BENCH_PARTS ?? 'scenario,compare').split(',');
const RABBITMQ_URL = process.env.BENCH_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const REPO_ROOT = resolve(import.meta.dirname, '..');
const ARRIVAL_WINDOW_MS = 40_000;
const PATHS = (process.env.BENCH_PATHS ?? 'IMMEDIATE,RABBITMQ').split(',') as Path[];
const BACKLOGS = { with: [true], alone: [false] }[process.env.BENCH_BACKLOG ?? ''] ?? [false, true];
const RUNS = Number(process.env.BENCH_RUNS ?? 1);

const loadAverage = () => execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ');

/** An endpoint that accepts connections and never answers. */
async function startDeadEndpoint() {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/dead`,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** B's receiver: answers 200 at once and keeps each delivery's latency from the `sentAt` in its body. */
async function startLatencyReceiver() {
  const latencies = new Map<number, number>();
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const arrivedAt = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { n: number; sentAt: number };
        if (!latencies.has(body.n)) latencies.set(body.n, arrivedAt - body.sentAt);
      } catch {}
      response.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/b`, latencies, close: () => server.close() };
}

type Path = 'IMMEDIATE' | 'RABBITMQ' | 'DBQUEUE';

async function runScenario(path: Path, withBacklog: boolean, root?: string) {
  const dead = await startDeadEndpoint();
  const receiver = await startLatencyReceiver();
  const storage = await openBenchStorage('postgres');
  const tenantA = await insertFixture(storage.ctx, dead.url, 1);
  const tenantB = await insertFixture(storage.ctx, receiver.url, 1, tenantA.applicationId);
  if (path !== 'IMMEDIATE') {
    await storage.ctx.database.query(
      "UPDATE events SET queue_type = 'RABBITMQ', delay_between_sends = 100 WHERE id = ANY($1::uuid[])",
      [[tenantA.eventId, tenantB.eventId]],
    );
  }
  await storage.ctx.database.close();
  const database = new URL(storage.env.DATABASE_URL as string).pathname.slice(1);
  const queueName = `wm.bench.${database}`;
  const server = await spawnServer(
    {
      ...storage.env,
      ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
      DELIVERY_TIMEOUT_MS: '15000',
      QUEUE_NAME: queueName,
      ...(path === 'RABBITMQ' ? { RABBITMQ_URL } : {}),
    },
    root,
  );
  const emit = (alias: string, data: unknown) =>
    fetch(`${server.url}/v1/events/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ eventType: alias, applicationId: tenantA.applicationId, data }),
    }).then((answer) => answer.text());
  try {
    if (withBacklog) {
      let next = 0;
      const emitter = async () => {
        while (next < A_EMITS) await emit(tenantA.alias, { n: next++ });
      };
      await Promise.all(Array.from({ length: 32 }, emitter));
      await sleep(2_000);
    }
    const started = Date.now();
    for (let n = 0; n < B_EMITS; n++) {
      await emit(tenantB.alias, { n, sentAt: Date.now() });
      await sleep(B_GAP_MS);
    }
    while (receiver.latencies.size < B_EMITS && Date.now() - started < ARRIVAL_WINDOW_MS) await sleep(50);
    const latencies = [...receiver.latencies.values()];
    return {
      arrived: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      load: loadAverage(),
    };
  } finally {
    await stopServer(server, 'SIGKILL');
    if (path === 'RABBITMQ') await deleteBrokerObjects(RABBITMQ_URL, queueName);
    await dropBenchDatabase(POSTGRES_URL, database);
    await dead.close();
    receiver.close();
  }
}

async function scenario() {
  console.log(
    `B's ${B_EMITS} deliveries (one emit every ${B_GAP_MS} ms), without and with A's ${A_EMITS} to a dead endpoint:`,
  );
  const sides =
    process.env.BENCH_SCENARIO_BASELINE === '1' ? (['before', 'after'] as const) : (['after'] as const);
  // Each before just before its after: the machine's load drifts less between the two.
  for (const path of PATHS) {
    for (const withBacklog of BACKLOGS) {
      for (let run = 0; run < RUNS; run++) {
        for (const side of sides) await reportScenario(side, path, withBacklog);
      }
    }
  }
}

async function reportScenario(side: 'before' | 'after', path: Path, withBacklog: boolean) {
  const root = side === 'before' ? prepareBaseline(baselineRef()) : undefined;
  const figures = await runScenario(path, withBacklog, root);
  console.log(
    `${side.padEnd(6)} ${path.padEnd(9)} ${withBacklog ? "during A's backlog" : 'alone             '}: ` +
      `${figures.arrived}/${B_EMITS} within ${ARRIVAL_WINDOW_MS / 1000} s, ` +
      `p50 ${fmt(figures.p50, 0)} ms, p99 ${fmt(figures.p99, 0)} ms, max ${fmt(figures.max, 0)} ms; ` +
      `load ${figures.load}`,
  );
}

/**
 * A worktree of `ref` that runs with this checkout's packages: its node_modules links each package
 * here, except the workspace's own, which point at its own folders, and each workspace's own
 * node_modules links this checkout's.
 */
function prepareBaseline(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', ref], { cwd: REPO_ROOT }).toString().trim();
  const dir = join(tmpdir(), `wm-baseline-${sha.slice(0, 12)}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(modules);
    for (const entry of readdirSync(join(REPO_ROOT, 'node_modules'))) {
      if (entry === '@wm') continue;
      symlinkSync(join(REPO_ROOT, 'node_modules', entry), join(modules, entry));
    }
    mkdirSync(join(modules, '@wm'));
    for (const entry of readdirSync(join(REPO_ROOT, 'node_modules', '@wm'))) {
      const target = { api: 'apps/api', console: 'apps/console', e2e: 'e2e', bench: 'bench' }[entry];
      symlinkSync(join(dir, target ?? `packages/${entry}`), join(modules, '@wm', entry));
    }
  }
  // Packages npm kept beside one workspace (two versions of one package) are that workspace's own.
  for (const workspace of ['apps/api', 'apps/console', 'bench', 'e2e']) {
    const own = join(REPO_ROOT, workspace, 'node_modules');
    const linked = join(dir, workspace, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, workspace)) && !existsSync(linked)) symlinkSync(own, linked);
  }
  return dir;
}

const baselineRef = () =>
  process.env.BENCH_BASELINE_REF ??
  execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: REPO_ROOT }).toString().trim();

async function compare() {
  const ref = baselineRef();
  const baseline = prepareBaseline(ref);
  console.log(`\ncompare's single endpoint, before (${ref.slice(0, 12)}) and after (this tree):`);
  const receiver = await startBenchReceiver();
  const runs: Record<'before' | 'after', Figures[]> = { before: [], after: [] };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const side of ['before', 'after'] as const) {
        const figures = await measure('ours', {}, receiver, side === 'before' ? baseline : undefined);
        runs[side].push(figures);
        console.log(`round ${round} ${side.padEnd(6)} ${describe(figures)}`);
      }
    }
  } finally {
    receiver.child.kill();
  }
  const cpuOf = (run: Figures) => (run.cpu.app ?? 0) + (run.cpu.postgres ?? 0);
  const summary = (side: 'before' | 'after') => ({
    rate: median(runs[side].map((run) => run.deliveryRate)),
    cpu: median(runs[side].map(cpuOf)),
  });
  const before = summary('before');
  const after = summary('after');
  console.log(
    `medians: before ${fmt(before.rate, 0)} deliveries/s, app+PostgreSQL ${fmt(before.cpu, 0)} µs/delivery; ` +
      `after ${fmt(after.rate, 0)} deliveries/s, ${fmt(after.cpu, 0)} µs/delivery; ` +
      `after/before: deliveries/s ${fmt(after.rate / before.rate, 3)}×, CPU per delivery ${fmt(after.cpu / before.cpu, 3)}×`,
  );
  // This machine's speed drifts between rounds; each after beside the before run just before it
  // is the figure that drift moves least.
  const paired = runs.after.flatMap((run, round) => {
    const beside = runs.before[round];
    return beside ? [{ rate: run.deliveryRate / beside.deliveryRate, cpu: cpuOf(run) / cpuOf(beside) }] : [];
  });
  console.log(
    `paired rounds, median after/before: deliveries/s ${fmt(median(paired.map((pair) => pair.rate)), 3)}×, ` +
      `CPU per delivery ${fmt(median(paired.map((pair) => pair.cpu)), 3)}×`,
  );
}

async function main() {
  if (PARTS.includes('scenario')) await scenario();
  if (PARTS.includes('compare')) await compare();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
