/**
 * Portal benchmark (on demand, never a test): `npm run bench -- portal`, on PostgreSQL, the real
 * server (`--role all`) in a child process, PORTAL_RATE_LIMIT_PER_MINUTE=0 so the bucket never
 * refuses. One application holds BENCH_SUBSCRIPTIONS (10,000) consumer subscriptions spread over
 * BENCH_CONSUMERS (1,000) consumers and five events, plus one consumer, `big`, that owns
 * BENCH_BIG (10,000) more itself. A portal session of one small consumer and one of `big` call the
 * portal's list routes back to back; in the same rounds, interleaved, the references: `/healthz`
 * and the console's list of the same application (`GET /v1/subscriptions?applicationId`, the
 * admin, every row visible). Prints p50/p95 per route (target p95 < 50 ms), p95 as a ratio to the
 * console list's, and CPU µs per request of the server and of PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { spawnServer, stopServer } from '../apps/api/test/support/server-process';
import { BENCH_ADMIN } from './api-fixture';
import {
  API_KEY,
  cpuBetween,
  databaseCpuMs,
  fmt,
  insertFixture,
  openBenchStorage,
  percentile,
  processCpuMs,
} from './support';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const CONSUMERS = Number(process.env.BENCH_CONSUMERS ?? 1_000);
const BIG = Number(process.env.BENCH_BIG ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 30;

type Target = { name: string; path: string; token?: string; isReference?: boolean };
type Figures = { latencies: number[]; serverMs: number; databaseMs: number; requests: number };

async function call(baseUrl: string, target: Target) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${target.path}`, {
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
  return performance.now() - started;
}

async function post<T>(baseUrl: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function main() {
  const storage = await openBenchStorage('postgres', BENCH_ADMIN);
  const { ctx } = storage;
  const fixture = await insertFixture(ctx, 'http://127.0.0.1:9/', 0);
  const eventIds = [fixture.eventId];
  for (let n = 1; n < 5; n += 1)
    eventIds.push((await insertFixture(ctx, '', 0, fixture.applicationId)).eventId);
  const secret = `whsec_${Buffer.from('bench-portal-secret-0123456789').toString('base64')}`;
  const events = sql.raw(`ARRAY['${eventIds.join("','")}']::uuid[]`);
  // One statement each: n spread over the consumers (c-0 … c-999) and events; then `big`'s own.
  await ctx.db.execute(sql`INSERT INTO subscriptions
      (id, event_id, name, target_url, secret, consumer_application_id, consumer_id)
    SELECT gen_random_uuid(), (${events})[1 + n % 5], 'Bench ' || n, 'http://127.0.0.1:9/', ${secret},
      ${fixture.applicationId}::uuid, 'c-' || (n % ${CONSUMERS})
    FROM generate_series(0, ${SUBSCRIPTIONS - 1}) AS n`);
  await ctx.db.execute(sql`INSERT INTO subscriptions
      (id, event_id, name, target_url, secret, consumer_application_id, consumer_id)
    SELECT gen_random_uuid(), (${events})[1 + n % 5], 'Big ' || n, 'http://127.0.0.1:9/', ${secret},
      ${fixture.applicationId}::uuid, 'big'
    FROM generate_series(0, ${BIG - 1}) AS n`);
  await ctx.db.execute(sql`ANALYZE subscriptions`);

  const server = await spawnServer({ ...storage.env, PORTAL_RATE_LIMIT_PER_MINUTE: '0' });
  try {
    const baseUrl = server.url;
    const byKey = { 'x-api-key': API_KEY };
    const path = `/v1/applications/${fixture.applicationId}/portal-sessions`;
    const small = await post<{ data: { token: string } }>(baseUrl, path, { consumerId: 'c-42' }, byKey);
    const big = await post<{ data: { token: string } }>(baseUrl, path, { consumerId: 'big' }, byKey);
    const { token: adminToken } = await post<{ token: string }>(
      baseUrl,
      '/v1/auth/login',
      { email: BENCH_ADMIN.ADMIN_EMAIL, password: BENCH_ADMIN.ADMIN_PASSWORD },
      {},
    );
    const targets: Target[] = [
      { name: '/healthz (reference)', path: '/healthz', isReference: true },
      {
        name: 'console GET /v1/subscriptions?applicationId&limit=20 (reference)',
        path: `/v1/subscriptions?applicationId=${fixture.applicationId}&limit=20`,
        token: adminToken,
        isReference: true,
      },
      { name: 'portal GET /v1/portal/events (c-42)', path: '/v1/portal/events', token: small.data.token },
      {
        name: 'portal GET /v1/portal/subscriptions?limit=20 (c-42, 10 of 20,000)',
        path: '/v1/portal/subscriptions?limit=20',
        token: small.data.token,
      },
      {
        name: 'portal GET /v1/portal/logs?limit=20 (c-42)',
        path: '/v1/portal/logs?limit=20',
        token: small.data.token,
      },
      {
        name: `portal GET /v1/portal/subscriptions?limit=20 (big, ${BIG.toLocaleString('en')} own)`,
        path: '/v1/portal/subscriptions?limit=20',
        token: big.data.token,
      },
      {
        name: 'portal GET /v1/portal/subscriptions?limit=100&page=50 (big)',
        path: '/v1/portal/subscriptions?limit=100&page=50',
        token: big.data.token,
      },
      {
        name: 'portal GET /v1/portal/subscriptions?search=Big%209999 (big)',
        path: '/v1/portal/subscriptions?search=Big%209999',
        token: big.data.token,
      },
      {
        name: 'portal GET /v1/portal/logs?limit=20 (big)',
        path: '/v1/portal/logs?limit=20',
        token: big.data.token,
      },
    ];
    for (const target of targets) for (let n = 0; n < WARMUP; n += 1) await call(baseUrl, target);

    const pid = server.child.pid as number;
    const database = new URL(storage.env.DATABASE_URL as string).pathname.slice(1);
    const figures = new Map<string, Figures>(
      targets.map((target) => [target.name, { latencies: [], serverMs: 0, databaseMs: 0, requests: 0 }]),
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        const entry = figures.get(target.name) as Figures;
        const serverBefore = processCpuMs(pid);
        const databaseBefore = await databaseCpuMs(database);
        for (let n = 0; n < PER_ROUND; n += 1) entry.latencies.push(await call(baseUrl, target));
        entry.serverMs += processCpuMs(pid) - serverBefore;
        entry.databaseMs += cpuBetween(databaseBefore, await databaseCpuMs(database));
        entry.requests += PER_ROUND;
      }
    }

    const consoleP95 = percentile(figures.get(targets[1]?.name ?? '')?.latencies ?? [], 95);
    console.log(
      `portal lists on PostgreSQL: ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions over ${CONSUMERS} consumers + ${BIG.toLocaleString('en')} of one consumer, ${ROUNDS} rounds × ${PER_ROUND} requests per route, one at a time, interleaved`,
    );
    for (const target of targets) {
      const entry = figures.get(target.name) as Figures;
      const p95 = percentile(entry.latencies, 95);
      const verdict = target.isReference
        ? ''
        : p95 < 50
          ? ' (target p95 < 50 ms: met)'
          : ' (target p95 < 50 ms: MISSED)';
      console.log(
        `  ${target.name}: p50 ${fmt(percentile(entry.latencies, 50), 2)} ms, p95 ${fmt(p95, 2)} ms, p95/console list ${fmt(p95 / consoleP95, 2)}x, CPU per request: server ${fmt((entry.serverMs * 1000) / entry.requests, 0)} µs, PostgreSQL ${fmt((entry.databaseMs * 1000) / entry.requests, 0)} µs${verdict}`,
      );
    }
  } finally {
    await stopServer(server);
    await storage.drop();
  }
}

await main();
