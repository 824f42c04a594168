/**
 * Inbound webhooks end to end against POST /v1/emit-rules, in the same run: a GitHub-signed request
 * to a route's ingest URL (verified over its raw bytes, kept, its rules log queued) and the same data
 * posted to /v1/emit-rules with the application's key; then, for both, the rules consumer, one
 * matching rule and its IMMEDIATE event delivered to a receiver in its own process. The figure is
 * requests/s from the first request to the last delivery, and the ratio ingest / emit-rules.
 *
 *   npm run bench -- ingest [--requests 5000] [--connections 32] [--rounds 3] [--backends database,rabbitmq]
 *
 * The server is the real one (`--role all`, as `npm start` runs it) in a child process on a fresh
 * PostgreSQL database; the rounds alternate the two paths so a drift of the shared machine falls on
 * both. CPU per request is printed for the server, PostgreSQL, the receiver and the load generator.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { testConfig } from '../apps/api/src/config';
import { createContext } from '../apps/api/src/create-context';
import { openDatabase } from '../apps/api/src/db/open-database';
import { routeEventTypes, routes, rules } from '../apps/api/src/db/schema';
import { newId } from '../apps/api/src/lib/ids';
import { deleteBrokerObjects } from '../apps/api/src/queue/rabbitmq-topology';
import { spawnServer, stopServer } from '../apps/api/test/support/server-process';
import {
  API_KEY,
  cpuBetween,
  createBenchDatabase,
  databaseCpuMs,
  dropBenchDatabase,
  fmt,
  insertFixture,
  median,
  processCpuMs,
  SECRET_KEY,
  startBenchReceiver,
} from './support';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    backends: { type: 'string', default: 'database' },
  },
});
const REQUESTS = Number(args.requests);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RABBITMQ_URL = process.env.BENCH_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const GITHUB_SECRET = 'bench-github-secret';
const ALIAS = 'push';
const DATA = { message: { text: 'preciso de ajuda' }, ref: 'refs/heads/main' };

type Path = 'emit-rules' | 'ingest';
type Load = { url: string; headers: Record<string, string>; body: string };
type Figures = { perSecond: number; acceptedPerSecond: number; cpuUs: Record<string, number> };

const perUnit = (ms: number, count: number) => Math.round((ms * 1000) / Math.max(count, 1));

async function measureBackend(backend: 'database' | 'rabbitmq') {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseName = `wm_bench_ingest_${backend}_${suffix}`;
  const databaseUrl = await createBenchDatabase(POSTGRES_URL, databaseName);
  const queueName = `wm-bench-ingest.${backend}.${suffix}`;
  const receiver = await startBenchReceiver();
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), `wm-bench-ingest-${suffix}`),
    SECRET_KEY,
    QUEUE_NAME: queueName,
    QUEUE_POLL_MS: '20',
    ALLOW_PRIVATE_TARGETS: 'true',
    INGEST_RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ...(backend === 'rabbitmq' ? { RABBITMQ_URL } : {}),
  };
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  const ctx = await createContext(testConfig(env), database);
  const server = await spawnServer(env);
  try {
    const fixture = await insertFixture(ctx, `${receiver.url}/hook`, 1);
    const routeId = newId();
    await ctx.db.insert(routes).values({
      id: routeId,
      applicationId: fixture.applicationId,
      name: 'GitHub',
      endpoint: '/github',
      verification: { type: 'GITHUB', secret: ctx.cipher.seal(GITHUB_SECRET) },
      eventTypeFrom: { source: 'HEADER', value: 'X-GitHub-Event' },
    });
    const typeId = newId();
    await ctx.db.insert(routeEventTypes).values({ id: typeId, routeId, name: 'Push', alias: ALIAS });
    await ctx.db.insert(rules).values({
      id: newId(),
      applicationId: fixture.applicationId,
      routeId,
      routeEventTypeId: typeId,
      eventId: fixture.eventId,
      name: 'Ajuda',
      conditions: {
        type: ALIAS,
        logic: 'AND',
        rules: [
          { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
        ],
      },
    });
    const [route] = await ctx.db.select().from(routes).where(eq(routes.id, routeId));
    const ingestBody = JSON.stringify(DATA);
    const loads: Record<Path, Load> = {
      'emit-rules': {
        url: `${server.url}/v1/emit-rules`,
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify({ applicationId: fixture.applicationId, eventType: ALIAS, data: DATA }),
      },
      ingest: {
        url: `${server.url}/in/${route?.ingestToken}/github`,
        headers: {
          'content-type': 'application/json',
          'x-github-event': ALIAS,
          'x-hub-signature-256': `sha256=${createHmac('sha256', GITHUB_SECRET).update(ingestBody).digest('hex')}`,
        },
        body: ingestBody,
      },
    };

    const run = async (path: Path): Promise<Figures> => {
      await receiver.reset();
      const before = {
        server: processCpuMs(server.child.pid ?? 0),
        receiver: processCpuMs(receiver.child.pid ?? 0),
        postgres: await databaseCpuMs(databaseName),
        load: process.cpuUsage(),
      };
      const startedAt = performance.now();
      const result = await autocannon({
        ...loads[path],
        method: 'POST',
        connections: CONNECTIONS,
        amount: REQUESTS,
      });
      const acceptedAt = performance.now();
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      }
      const deadline = Date.now() + 600_000;
      let received = 0;
      while (received < REQUESTS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        received = (await receiver.stats()).received;
      }
      if (received < REQUESTS) throw new Error(`${path}: only ${received}/${REQUESTS} deliveries`);
      const finishedAt = performance.now();
      const load = process.cpuUsage(before.load);
      return {
        perSecond: Math.round((REQUESTS * 1000) / (finishedAt - startedAt)),
        acceptedPerSecond: Math.round((REQUESTS * 1000) / (acceptedAt - startedAt)),
        cpuUs: {
          server: perUnit(processCpuMs(server.child.pid ?? 0) - before.server, REQUESTS),
          postgres: perUnit(cpuBetween(before.postgres, await databaseCpuMs(databaseName)), REQUESTS),
          receiver: perUnit(processCpuMs(receiver.child.pid ?? 0) - before.receiver, REQUESTS),
          load: perUnit((load.user + load.system) / 1000, REQUESTS),
        },
      };
    };

    // A short warm-up of both paths: compiled code, prepared statements, pools.
    const warm = REQUESTS;
    await autocannon({
      ...loads['emit-rules'],
      method: 'POST',
      connections: CONNECTIONS,
      amount: Math.min(warm, 1000),
    });
    await autocannon({
      ...loads.ingest,
      method: 'POST',
      connections: CONNECTIONS,
      amount: Math.min(warm, 1000),
    });
    const ratios: number[] = [];
    const seen: Record<Path, Figures[]> = { 'emit-rules': [], ingest: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so neither always meets a fresher machine.
      const order: Path[] = round % 2 === 1 ? ['emit-rules', 'ingest'] : ['ingest', 'emit-rules'];
      const figures = {} as Record<Path, Figures>;
      for (const path of order) figures[path] = await run(path);
      for (const path of order) seen[path].push(figures[path]);
      const ratio = figures.ingest.perSecond / figures['emit-rules'].perSecond;
      ratios.push(ratio);
      console.log(
        `${backend} round ${round}: ingest ${figures.ingest.perSecond}/s end to end (${figures.ingest.acceptedPerSecond}/s answered), ` +
          `emit-rules ${figures['emit-rules'].perSecond}/s (${figures['emit-rules'].acceptedPerSecond}/s answered), ratio ${fmt(ratio, 2)}`,
      );
    }
    for (const path of ['ingest', 'emit-rules'] as const) {
      const cpu = (key: string) => median(seen[path].map((figures) => figures.cpuUs[key] ?? 0));
      console.log(
        `${backend} ${path.padEnd(10)} median ${median(seen[path].map((figures) => figures.perSecond))}/s end to end; ` +
          `CPU µs per request: server ${cpu('server')}, PostgreSQL ${cpu('postgres')}, receiver ${cpu('receiver')}, load generator ${cpu('load')}`,
      );
    }
    console.log(
      `${backend} ingest / emit-rules, median of ${ROUNDS} rounds: ${fmt(median(ratios), 2)} (target ≥ 0.8)`,
    );
  } finally {
    await stopServer(server);
    receiver.child.kill();
    await ctx.queue?.close({ graceMs: 1_000 });
    if (backend === 'rabbitmq') await deleteBrokerObjects(RABBITMQ_URL, queueName);
    await database.close();
    await dropBenchDatabase(POSTGRES_URL, databaseName);
  }
}

async function main() {
  console.log(
    `ingest vs emit-rules: ${REQUESTS} requests per path and round, ${CONNECTIONS} connections, ${ROUNDS} rounds; ` +
      'one matching rule → IMMEDIATE event → receiver',
  );
  for (const backend of String(args.backends).split(',') as Array<'database' | 'rabbitmq'>) {
    await measureBackend(backend);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
