/**
 * Queued delivery throughput, end to end: emits of RABBITMQ events → queue →
 * consumer → HTTP deliveries to a local receiver, on RabbitMQ and on the
 * database queue, with the raw amqplib publish+consume rate as the reference.
 *
 *   node --import tsx bench/queue-throughput.ts [--emits 20000] [--events 1000] [--delay 100]
 *     [--concurrency 256] [--backends rabbitmq,database] [--consumer process|inline] [--rules]
 *
 * With --rules, each backend also measures POST /v1/emit-rules end to end: the same number of posts,
 * one matching rule whose action emits an IMMEDIATE event with one subscription on the receiver;
 * its deliveries/s are printed as a ratio to that backend's queued deliveries/s of the same run.
 *
 * The consumer runs as a `--role worker` process (as deployed), or with `--consumer inline` in this
 * process, sharing its event loop with the emits. The drain's CPU per delivery is counted once the
 * first BENCH_WARM_UP (5,000) deliveries of the backlog are out, as in a worker that has run for a
 * while; the figure from the worker's start (its code compiled meanwhile) is printed beside it.
 * BENCH_DAYS_KEPT=30 gives the log tables the day partitions of a server keeping 30 days.
 * BENCH_PROFILE_DIR=/tmp/qprof writes a CPU profile of each inline backlog drain there;
 * BENCH_SERVER_NODE_ARGS profiles the worker process.
 *
 * Needs PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test) and RabbitMQ
 * (BENCH_RABBITMQ_URL, default amqp://guest:guest@127.0.0.1:5672). Creates and drops its own database
 * and queues.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import amqp from 'amqplib';
import { testConfig } from '../apps/api/src/config';
import type { AppContext } from '../apps/api/src/context';
import { createContext } from '../apps/api/src/create-context';
import { openDatabase } from '../apps/api/src/db/open-database';
import {
  applications,
  events,
  routeEventTypes,
  routes,
  rules,
  subscriptions,
} from '../apps/api/src/db/schema';
import { newId } from '../apps/api/src/lib/ids';
import { emitEvent } from '../apps/api/src/modules/emit/service';
import { emitLinkedEventThrough } from '../apps/api/src/modules/emit-rules/emit-linked-event';
import { emitRules } from '../apps/api/src/modules/emit-rules/service';
import { startPipelineWorker } from '../apps/api/src/pipeline/worker';
import { deleteBrokerObjects } from '../apps/api/src/queue/rabbitmq-topology';
import { spawnWorker, stopServer } from '../apps/api/test/support/server-process';
import {
  commandCpuMs,
  cpuBetween,
  createBenchDatabase,
  databaseCpuMs,
  dropBenchDatabase,
  keepLogPartitions,
  processCpuMs,
  startBenchReceiver,
} from './support';

const { values: args } = parseArgs({
  options: {
    emits: { type: 'string', default: '20000' },
    events: { type: 'string', default: '1000' },
    delay: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '256' },
    backends: { type: 'string', default: 'rabbitmq,database' },
    consumer: { type: 'string', default: 'process' },
    rules: { type: 'boolean', default: false },
  },
});
const IS_INLINE = args.consumer === 'inline';
const EMITS = Number(args.emits);
const EVENTS = Number(args.events);
const DELAY_MS = Number(args.delay);
const CONCURRENCY = Number(args.concurrency);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RABBITMQ_URL = process.env.BENCH_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/** Deliveries of the drained backlog left out of its figures: the worker's warm-up. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 5_000);
const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;

const rate = (count: number, ms: number) => Math.round((count * 1000) / ms);

/** The reference: persistent messages published on a confirm channel and consumed with manual acks. */
async function measureRawAmqp(count: number): Promise<number> {
  const model = await amqp.connect(RABBITMQ_URL);
  const queue = `wm-bench-raw.${suffix}`;
  try {
    const publisher = await model.createConfirmChannel();
    await publisher.assertQueue(queue, { durable: true, arguments: { 'x-max-priority': 10 } });
    const consumer = await model.createChannel();
    await consumer.prefetch(CONCURRENCY);
    let consumed = 0;
    const startedAt = performance.now();
    const done = new Promise<void>((resolve) => {
      void consumer.consume(queue, (message) => {
        if (!message) return;
        consumer.ack(message);
        consumed += 1;
        if (consumed === count) resolve();
      });
    });
    const body = Buffer.from(JSON.stringify({ kind: 'event-log', eventLogId: newId() }));
    for (let index = 0; index < count; index += 1) {
      publisher.sendToQueue(queue, body, { persistent: true, priority: 5, messageId: String(index) });
      if (index % 1000 === 999) await publisher.waitForConfirms();
    }
    await publisher.waitForConfirms();
    await done;
    const elapsed = performance.now() - startedAt;
    await publisher.deleteQueue(queue);
    return rate(count, elapsed);
  } finally {
    await model.close();
  }
}

type Backend = 'rabbitmq' | 'database';
type BenchReceiver = Awaited<ReturnType<typeof startBenchReceiver>>;
/** What a measurement runs on: its own database and queue, a receiver, the app's context, one application. */
type Bench = {
  backend: Backend;
  databaseName: string;
  receiver: BenchReceiver;
  env: Record<string, string>;
  ctx: AppContext;
  applicationId: string;
};

/** Sets up a `Bench` named `label`, runs `measure` on it and removes all it created, whatever happens. */
async function withBench<T>(
  backend: Backend,
  label: 'queue' | 'rules',
  measure: (bench: Bench) => Promise<T>,
): Promise<T> {
  const databaseName = `wm_bench_${label}_${backend}_${suffix}`;
  const databaseUrl = await createBenchDatabase(POSTGRES_URL, databaseName);
  const queueName = `wm-bench-${label}.${backend}.${suffix}`;
  // In its own process, as a real receiver would be: it must not share the consumer's event loop.
  const receiver = await startBenchReceiver();
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '40',
    DATA_DIR: join(tmpdir(), `wm-bench-${suffix}`),
    SECRET_KEY: 'bench-secret-key-with-at-least-32-characters',
    QUEUE_NAME: queueName,
    QUEUE_CONCURRENCY: String(CONCURRENCY),
    QUEUE_POLL_MS: '20',
    ALLOW_PRIVATE_TARGETS: 'true',
    ...(backend === 'rabbitmq' ? { RABBITMQ_URL } : {}),
  };
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 40 });
  const ctx = await createContext(testConfig(env), database);
  await keepLogPartitions(database);
  try {
    const applicationId = newId();
    await ctx.db.insert(applications).values({
      id: applicationId,
      name: 'Bench',
      apiKeyHash: randomBytes(16).toString('hex'),
      apiKeyEncrypted: 'x',
      apiKeyPrefix: 'wm_bench',
    });
    return await measure({ backend, databaseName, receiver, env, ctx, applicationId });
  } finally {
    await ctx.queue?.close({ graceMs: 1_000 });
    if (backend === 'rabbitmq') await deleteBrokerObjects(RABBITMQ_URL, queueName);
    receiver.child.kill();
    await database.close();
    await dropBenchDatabase(POSTGRES_URL, databaseName);
  }
}

/** Polls the receiver until `target` deliveries arrived (15 minutes at most); answers how many did. */
async function waitForReceived(bench: Bench, target: number, what: string) {
  const deadline = Date.now() + 900_000;
  let received = 0;
  while (received < target && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    received = (await bench.receiver.stats()).received;
  }
  if (received < target)
    console.error(`${bench.backend}: only ${received}/${target} ${what} after 15 minutes`);
  return received;
}

/** This process's CPU time so far (ms). */
function ownCpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

type DrainCpu = { consumer: number; postgres: number; broker: number };
const totalOf = (cpu: DrainCpu) => Math.round(cpu.consumer + cpu.postgres + cpu.broker);

type Result = {
  backend: string;
  emitsPerSecond: number;
  /** Emits with the consumer stopped: the ceiling of the end-to-end figure. */
  emitsAlonePerSecond: number;
  deliveriesPerSecond: number;
  seconds: number;
  drainPerSecond: number;
  /** CPU per delivery (µs) once warm; the broker's (beam.smp) is 0 on the database queue. */
  drainCpuUs: DrainCpu;
  /** The same from the worker's start, its warm-up included. */
  coldDrainCpuUs: DrainCpu;
};

/** 20,000 emits round-robin over 1,000 RABBITMQ events, one subscription each, until every delivery arrived. */
function measureEndToEnd(backend: Backend): Promise<Result> {
  return withBench(backend, 'queue', async (bench) => {
    const { databaseName, receiver, env, ctx, applicationId } = bench;
    const targetUrl = `${receiver.url}/hook`;
    const aliases: string[] = [];
    for (let start = 0; start < EVENTS; start += 500) {
      const batch = Array.from({ length: Math.min(500, EVENTS - start) }, (_, offset) => {
        const alias = `bench.event.${start + offset}`;
        aliases.push(alias);
        return {
          id: newId(),
          applicationId,
          name: alias,
          alias,
          queueType: 'RABBITMQ',
          delayBetweenSends: DELAY_MS,
          messageTtl: 3_600_000,
          maxRetries: 3,
          priority: 5,
        };
      });
      await ctx.db.insert(events).values(batch);
      await ctx.db.insert(subscriptions).values(
        batch.map((event) => ({
          id: newId(),
          eventId: event.id,
          name: `Bench ${event.alias}`,
          targetUrl,
          secret: `whsec_${randomBytes(24).toString('base64')}`,
        })),
      );
    }
    // Phase 1: emits with the consumer running (end to end). Phase 2: the same again into a stopped
    // consumer, then the backlog drained (what the queue and delivery path alone can do).
    const emitAll = async (offset: number) => {
      let next = 0;
      const emitter = async () => {
        while (next < EMITS) {
          const index = next;
          next += 1;
          await emitEvent(ctx, {
            eventType: aliases[index % aliases.length] ?? 'bench.event.0',
            data: { index: offset + index },
            applicationId,
            headers: {},
          });
        }
      };
      await Promise.all(Array.from({ length: 32 }, emitter));
    };
    const waitForDeliveries = (target: number) => waitForReceived(bench, target, 'deliveries');

    // The consumer and the CPU (ms) it has used so far.
    const startConsumer = async () => {
      if (IS_INLINE) {
        const worker = startPipelineWorker(ctx, { emitLinkedEvent: emitLinkedEventThrough(ctx) });
        return { cpuMs: ownCpuMs, stop: () => worker.stop() };
      }
      const worker = await spawnWorker(env);
      return { cpuMs: () => processCpuMs(worker.child.pid ?? 0), stop: () => stopServer(worker) };
    };

    let consumer = await startConsumer();
    const startedAt = performance.now();
    await emitAll(0);
    const emittedAt = performance.now();
    await waitForDeliveries(EMITS);
    const finishedAt = performance.now();
    await consumer.stop();

    const emitsAloneStartedAt = performance.now();
    await emitAll(EMITS);
    const emitsAloneAt = performance.now();
    consumer = await startConsumer();
    const profiler = IS_INLINE ? await startDrainProfile() : null;
    // A worker process may have begun before it said so: only what arrives from here on is counted.
    const alreadyReceived = (await receiver.stats()).received;
    const cpuNow = async () => ({
      at: performance.now(),
      consumer: consumer.cpuMs(),
      postgres: await databaseCpuMs(databaseName),
      broker: backend === 'rabbitmq' ? commandCpuMs('beam.smp') : 0,
    });
    const cold = await cpuNow();
    // A worker runs for days: its first deliveries pay for compiling its code. The figures are
    // taken once the warm-up part of the backlog is delivered; the cold start's are printed beside.
    const warmUp = Math.min(WARM_UP, Math.floor(EMITS / 4));
    await waitForDeliveries(alreadyReceived + warmUp);
    const warmReceived = (await receiver.stats()).received;
    const warm = await cpuNow();
    await waitForDeliveries(2 * EMITS);
    const end = await cpuNow();
    await profiler?.stop(`${backend}-drain`);
    await consumer.stop();
    const perDelivery = (from: typeof cold, count: number) => ({
      consumer: ((end.consumer - from.consumer) * 1000) / count,
      postgres: (cpuBetween(from.postgres, end.postgres) * 1000) / count,
      broker: ((end.broker - from.broker) * 1000) / count,
    });
    const drained = 2 * EMITS - warmReceived;
    return {
      backend,
      emitsPerSecond: rate(EMITS, emittedAt - startedAt),
      emitsAlonePerSecond: rate(EMITS, emitsAloneAt - emitsAloneStartedAt),
      deliveriesPerSecond: rate(EMITS, finishedAt - startedAt),
      seconds: Math.round(finishedAt - startedAt) / 1000,
      drainPerSecond: rate(drained, end.at - warm.at),
      // CPU per drained delivery: the consumer's, the bench database's PostgreSQL and the broker's.
      drainCpuUs: perDelivery(warm, drained),
      coldDrainCpuUs: perDelivery(cold, 2 * EMITS - alreadyReceived),
    };
  });
}

const RULES_ALIAS = 'message.text.received';

/**
 * POST /v1/emit-rules end to end: EMITS posts (through the service, as the queued emits above) →
 * queue → rules consumer → one matching rule → its IMMEDIATE event → delivery to the receiver.
 */
type RulesResult = {
  deliveriesPerSecond: number;
  /** CPU per delivery (µs): the consumer (worker process), the posting process, PostgreSQL, the receiver. */
  cpuUs: { consumer: number; poster: number; postgres: number; receiver: number };
};

function measureRulesEndToEnd(backend: Backend): Promise<RulesResult> {
  return withBench(backend, 'rules', async (bench) => {
    const { databaseName, receiver, env, ctx, applicationId } = bench;
    const eventId = newId();
    await ctx.db.insert(events).values({ id: eventId, applicationId, name: 'Saída', alias: 'bench.out' });
    await ctx.db.insert(subscriptions).values({
      id: newId(),
      eventId,
      name: 'Bench',
      targetUrl: `${receiver.url}/hook`,
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    });
    const routeId = newId();
    await ctx.db.insert(routes).values({ id: routeId, applicationId, name: 'Entrada', endpoint: '/in' });
    const typeId = newId();
    await ctx.db.insert(routeEventTypes).values({ id: typeId, routeId, name: 'Texto', alias: RULES_ALIAS });
    await ctx.db.insert(rules).values({
      id: newId(),
      applicationId,
      routeId,
      routeEventTypeId: typeId,
      eventId,
      name: 'Ajuda',
      conditions: {
        type: RULES_ALIAS,
        logic: 'AND',
        rules: [
          { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
        ],
      },
    });
    const worker = IS_INLINE
      ? startPipelineWorker(ctx, { emitLinkedEvent: emitLinkedEventThrough(ctx) })
      : await spawnWorker(env);
    const workerCpuMs = () => ('child' in worker ? processCpuMs(worker.child.pid ?? 0) : 0);
    const cpuBefore = {
      consumer: workerCpuMs(),
      poster: ownCpuMs(),
      receiver: processCpuMs(receiver.child.pid ?? 0),
      postgres: await databaseCpuMs(databaseName),
    };
    const startedAt = performance.now();
    let next = 0;
    const poster = async () => {
      while (next < EMITS) {
        const index = next;
        next += 1;
        await emitRules(ctx, {
          eventType: RULES_ALIAS,
          applicationId,
          data: { index, message: { text: 'preciso de ajuda' } },
          headers: {},
        });
      }
    };
    await Promise.all(Array.from({ length: 32 }, poster));
    const received = await waitForReceived(bench, EMITS, 'rule deliveries');
    const finishedAt = performance.now();
    const perDelivery = (ms: number) => Math.round((ms * 1000) / Math.max(received, 1));
    const cpuUs = {
      consumer: perDelivery(workerCpuMs() - cpuBefore.consumer),
      poster: perDelivery(ownCpuMs() - cpuBefore.poster),
      receiver: perDelivery(processCpuMs(receiver.child.pid ?? 0) - cpuBefore.receiver),
      postgres: perDelivery(cpuBetween(cpuBefore.postgres, await databaseCpuMs(databaseName))),
    };
    if ('child' in worker) await stopServer(worker);
    else await worker.stop();
    return { deliveriesPerSecond: rate(received, finishedAt - startedAt), cpuUs };
  });
}

/** BENCH_PROFILE_DIR: a CPU profile of the drain phase alone (the consumer and its deliveries, no emits). */
async function startDrainProfile() {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}-${suffix}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function main() {
  console.log(
    `queue throughput: ${EMITS} emits over ${EVENTS} RABBITMQ events (delayBetweenSends ${DELAY_MS} ms), ` +
      `consumer concurrency ${CONCURRENCY}, consumer ${IS_INLINE ? 'in this process' : 'in a --role worker process'}`,
  );
  const raw = await measureRawAmqp(EMITS);
  console.log(`raw amqplib publish+consume (persistent, confirms, acks): ${raw} msg/s`);
  for (const backend of String(args.backends).split(',') as Backend[]) {
    const result = await measureEndToEnd(backend);
    console.log(
      `${backend.padEnd(8)} end to end: ${result.deliveriesPerSecond} deliveries/s ` +
        `(${result.seconds} s; emits ${result.emitsPerSecond}/s, ${result.emitsAlonePerSecond}/s with the consumer stopped); backlog drained at ${result.drainPerSecond} deliveries/s ` +
        `(${Math.round((result.drainPerSecond / raw) * 1000) / 10}% of raw amqplib); CPU per drained delivery: ` +
        `consumer ${Math.round(result.drainCpuUs.consumer)} µs, PostgreSQL ${Math.round(result.drainCpuUs.postgres)} µs, ` +
        `broker ${Math.round(result.drainCpuUs.broker)} µs, total ${totalOf(result.drainCpuUs)} µs ` +
        `(after the first ${Math.min(WARM_UP, Math.floor(EMITS / 4))} deliveries; from the worker's start: ` +
        `consumer ${Math.round(result.coldDrainCpuUs.consumer)} µs, total ${totalOf(result.coldDrainCpuUs)} µs)`,
    );
    if (args.rules) {
      const rules = await measureRulesEndToEnd(backend);
      const ratio = Math.round((rules.deliveriesPerSecond / result.deliveriesPerSecond) * 100) / 100;
      const cpu = rules.cpuUs;
      console.log(
        `${backend.padEnd(8)} emit-rules end to end (one matching rule → IMMEDIATE event): ${rules.deliveriesPerSecond} deliveries/s, ` +
          `${ratio}× the queued deliveries/s above; CPU per delivery: consumer ${cpu.consumer} µs` +
          `${IS_INLINE ? ' (in the posting process)' : ''}, posting ${cpu.poster} µs, PostgreSQL ${cpu.postgres} µs, receiver ${cpu.receiver} µs`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
