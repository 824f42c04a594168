/**
 * What checking payloads against an event's schema costs an emit, END TO END through the real
 * server (`--role all`, a child process, on a fresh PostgreSQL database): two IMMEDIATE events of
 * one application, each with one subscription to a receiver in its own process, one ENFORCE with a
 * 30-property schema and one OFF (the same schema stored, not checked). Each round emits a ~1 KB
 * valid payload to both, one after the other (the order alternating), and waits for every
 * delivery; the figures are emits/s (first request → last delivery) and CPU µs per emit of the
 * server and of PostgreSQL, read from /proc. Target: ENFORCE ≤ 1.10 × OFF in CPU per emit.
 * Then the check alone, in this process, to show what part of the difference it is.
 *
 *   npm run bench -- schema [--emits 4000] [--connections 16] [--rounds 4] [--seconds 1]
 *
 * Profile the server with BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/api/src/config';
import { createContext } from '../apps/api/src/create-context';
import { openDatabase } from '../apps/api/src/db/open-database';
import { compilePayloadCheck } from '../apps/api/src/lib/json-schema';
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
  POSTGRES_URL,
  processCpuMs,
  SECRET_KEY,
  startBenchReceiver,
} from './support';

const { values: args } = parseArgs({
  options: {
    emits: { type: 'string', default: '4000' },
    connections: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '1' },
  },
});
const EMITS = Number(args.emits);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);

type Mode = 'OFF' | 'ENFORCE';
type Figures = { perSecond: number; server: number; postgres: number };

/** 30 properties (text, integer, boolean in turn), all required, nothing else allowed. */
function buildSchemaAndPayload() {
  const properties: Record<string, unknown> = {};
  const payload: Record<string, unknown> = {};
  for (let i = 0; i < 30; i++) {
    const kind = i % 3;
    properties[`field${i}`] =
      kind === 0
        ? { type: 'string', maxLength: 128 }
        : kind === 1
          ? { type: 'integer', minimum: 0 }
          : { type: 'boolean' };
    payload[`field${i}`] = kind === 0 ? `valor-${i}-${'x'.repeat(70)}` : kind === 1 ? i * 1000 : i % 2 === 0;
  }
  const schema = {
    type: 'object',
    required: Object.keys(properties),
    properties,
    additionalProperties: false,
  };
  return { schema, payload };
}

const perUnit = (ms: number, count: number) => (ms * 1000) / Math.max(count, 1);

/** The check alone, on this process's core: what the server adds per ENFORCE emit at best. */
function measureCheckAlone(schema: Record<string, unknown>, payload: unknown) {
  const check = compilePayloadCheck(schema);
  for (let i = 0; i < 10_000; i++) check(payload);
  let count = 0;
  const cpu = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) {
      if (check(payload).length !== 0) throw new Error('valid payload refused');
    }
    count += 1000;
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / count;
}

async function main() {
  const { schema, payload } = buildSchemaAndPayload();
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseName = `wm_bench_schema_${suffix}`;
  const databaseUrl = await createBenchDatabase(POSTGRES_URL, databaseName);
  const receiver = await startBenchReceiver();
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), `wm-bench-schema-${suffix}`),
    SECRET_KEY,
    ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'warn',
  };
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const ctx = await createContext(testConfig(env), database);
  const server = await spawnServer(env);
  try {
    const enforced = await insertFixture(ctx, `${receiver.url}/enforce`, 1);
    const off = await insertFixture(ctx, `${receiver.url}/off`, 1, enforced.applicationId);
    for (const [fixture, mode] of [
      [enforced, 'ENFORCE'],
      [off, 'OFF'],
    ] as const) {
      await ctx.db.execute(sql`UPDATE events SET schema = ${JSON.stringify(schema)}::jsonb,
        examples = ${JSON.stringify([payload])}::jsonb, schema_validation = ${mode}, schema_version = 1
        WHERE id = ${fixture.eventId}`);
      await ctx.db.execute(sql`INSERT INTO event_schema_versions (event_id, version, schema, created_at)
        VALUES (${fixture.eventId}, 1, ${JSON.stringify(schema)}::jsonb, now())`);
    }
    const bodyOf = (alias: string) =>
      JSON.stringify({ eventType: alias, applicationId: enforced.applicationId, data: payload });
    const bodies: Record<Mode, string> = { ENFORCE: bodyOf(enforced.alias), OFF: bodyOf(off.alias) };
    const refused = await fetch(`${server.url}/v1/events/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({
        eventType: enforced.alias,
        applicationId: enforced.applicationId,
        data: { ...payload, field1: 'não' },
      }),
    });
    if (refused.status !== 422) throw new Error(`ENFORCE did not refuse a bad payload: ${refused.status}`);

    const run = async (mode: Mode, amount: number): Promise<Figures> => {
      await receiver.reset();
      const before = {
        server: processCpuMs(server.child.pid ?? 0),
        postgres: await databaseCpuMs(databaseName),
      };
      const startedAt = performance.now();
      const result = await autocannon({
        url: `${server.url}/v1/events/emit`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: bodies[mode],
        connections: CONNECTIONS,
        amount,
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${mode}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      }
      const deadline = Date.now() + 600_000;
      let received = 0;
      while (received < amount && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        received = (await receiver.stats()).received;
      }
      if (received < amount) throw new Error(`${mode}: only ${received}/${amount} deliveries`);
      const finishedAt = performance.now();
      return {
        perSecond: Math.round((amount * 1000) / (finishedAt - startedAt)),
        server: perUnit(processCpuMs(server.child.pid ?? 0) - before.server, amount),
        postgres: perUnit(cpuBetween(before.postgres, await databaseCpuMs(databaseName)), amount),
      };
    };

    console.log(
      `schema check end to end: ${Object.keys(schema.properties).length} properties, payload ` +
        `${JSON.stringify(payload).length} bytes, ${EMITS} emits per mode and round, ${CONNECTIONS} connections, ${ROUNDS} rounds`,
    );
    // Warm-up of both: compiled code (and the compiled schema), prepared statements, pools.
    await run('OFF', Math.min(EMITS, 1000));
    await run('ENFORCE', Math.min(EMITS, 1000));
    const seen: Record<Mode, Figures[]> = { OFF: [], ENFORCE: [] };
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so neither always meets a fresher machine.
      const order: Mode[] = round % 2 === 1 ? ['OFF', 'ENFORCE'] : ['ENFORCE', 'OFF'];
      const figures = {} as Record<Mode, Figures>;
      for (const mode of order) figures[mode] = await run(mode, EMITS);
      for (const mode of order) seen[mode].push(figures[mode]);
      const cpu = (mode: Mode) => figures[mode].server + figures[mode].postgres;
      ratios.push(cpu('ENFORCE') / cpu('OFF'));
      console.log(
        `round ${round}: ` +
          (['OFF', 'ENFORCE'] as const)
            .map(
              (mode) =>
                `${mode} ${figures[mode].perSecond} emits/s, CPU µs/emit server ${fmt(figures[mode].server, 0)} + PostgreSQL ${fmt(figures[mode].postgres, 0)}`,
            )
            .join('; ') +
          `; CPU ratio ${fmt(cpu('ENFORCE') / cpu('OFF'), 3)}`,
      );
    }
    for (const mode of ['OFF', 'ENFORCE'] as const) {
      const middle = (key: keyof Figures) => median(seen[mode].map((figures) => figures[key]));
      console.log(
        `${mode.padEnd(7)} median ${middle('perSecond')} emits/s end to end; CPU µs per emit: server ${fmt(middle('server'), 0)}, ` +
          `PostgreSQL ${fmt(middle('postgres'), 0)}, both ${fmt(middle('server') + middle('postgres'), 0)}`,
      );
    }
    const ratio = median(ratios);
    console.log(
      `ENFORCE / OFF CPU per emit (server + PostgreSQL), median of ${ROUNDS} rounds: ${fmt(ratio, 3)} ` +
        `(${ratio >= 1 ? '+' : ''}${fmt((ratio - 1) * 100, 1)} %; target ≤ +10 %)${ratio <= 1.1 ? '' : ' — OVER TARGET'}`,
    );
    console.log(`the check alone: ${fmt(measureCheckAlone(schema, payload), 2)} µs CPU per valid payload`);
  } finally {
    await stopServer(server);
    receiver.child.kill();
    await database.close();
    await dropBenchDatabase(POSTGRES_URL, databaseName);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
