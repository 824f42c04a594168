import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { testConfig } from '../apps/api/src/config';
import type { AppContext } from '../apps/api/src/context';
import { createContext } from '../apps/api/src/create-context';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { DAY_MS, ensureLogPartitions } from '../apps/api/src/db/log-retention';
import { sha256 } from '../apps/api/src/lib/crypto';
import { newId } from '../apps/api/src/lib/ids';
import { BENCH_ADMIN } from './api-fixture';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const API_KEY = `whm_${'b'.repeat(43)}`;
export const SECRET_KEY = 'bench-secret-key-with-at-least-32-characters';

/** A fresh PostgreSQL database (dropped by the returned drop) or a PGlite data dir, migrated. */
/**
 * BENCH_DAYS_KEPT: the day partitions of that many past days exist (empty), as on a server that has
 * run that long with the default RETENTION_DAYS (30); 0: a new server's (today and tomorrow).
 */
export const DAYS_KEPT = Number(process.env.BENCH_DAYS_KEPT ?? 0);

/** Gives the log tables of `database` the day partitions a server keeping DAYS_KEPT days has. */
export async function keepLogPartitions(database: DatabaseHandle): Promise<void> {
  await ensureLogPartitions(database, new Date(Date.now() - DAYS_KEPT * DAY_MS), DAYS_KEPT + 1);
}

export async function openBenchStorage(kind: 'postgres' | 'pglite', env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-bench-'));
  const base: Record<string, string> = {
    DATA_DIR: dataDir,
    SECRET_KEY,
    ...BENCH_ADMIN,
    ...env,
  };
  if (kind === 'pglite') {
    const ctx = await createContext(testConfig(base));
    return { ctx, env: base, drop: async () => ctx.database.close() };
  }
  const name = `wm_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const withUrl = { ...base, DATABASE_URL: await createBenchDatabase(POSTGRES_URL, name) };
  const ctx: AppContext = await createContext(testConfig(withUrl));
  return {
    ctx,
    env: withUrl,
    drop: async () => {
      await ctx.database.close();
      await dropBenchDatabase(POSTGRES_URL, name);
    },
  };
}

/** Creates database `name` on the server of `adminUrl`; answers its URL. */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** The bench receiver in its own process. */
/** Runs a bench script in its own process; it announces itself with one JSON line on stdout. */
async function spawnBenchScript<Info>(script: string): Promise<{ child: ChildProcess; info: Info }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const info = await new Promise<Info>((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
  return { child, info };
}

export async function startBenchReceiver(): Promise<{
  url: string;
  child: ChildProcess;
  stats(): Promise<ReceiverStats>;
  reset(): Promise<void>;
}> {
  const { child, info } = await spawnBenchScript<{ port: number }>('receiver.ts');
  const url = `http://127.0.0.1:${info.port}`;
  return {
    url,
    child,
    stats: async () => (await fetch(`${url}/__stats`)).json() as Promise<ReceiverStats>,
    reset: async () => {
      await fetch(`${url}/__reset`);
    },
  };
}

/** The emit benchmark's reference: Fastify answering the emit request with nothing behind it. */
export async function startBareEmitServer(): Promise<{ url: string; child: ChildProcess }> {
  const { child, info } = await spawnBenchScript<{ url: string }>('bare-emit-server.ts');
  return { url: info.url, child };
}
export type ReceiverStats = { received: number; latencies: number; p50: number; p99: number };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const upper = sorted[Math.floor(sorted.length / 2)] ?? 0;
  if (sorted.length % 2 === 1) return upper;
  // An even count: the mean of the two middle values.
  return ((sorted[sorted.length / 2 - 1] ?? upper) + upper) / 2;
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const fmt = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) used so far by the PostgreSQL processes serving `database` (its connections and
 * autovacuum workers): the caller's work only, whatever else the server is doing.
 */
export async function databaseCpuMs(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU (ms) between two databaseCpuMs readings; processes born in between count from zero. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const CLOCK_TICKS = 100;

/**
 * CPU time (ms) used so far by the processes whose command name is `name` (RabbitMQ: `beam.smp`).
 * The broker is shared: what other clients do meanwhile counts too, so read it on a quiet broker.
 */
export function commandCpuMs(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) total += processCpuMs(Number(entry));
    } catch {}
  }
  return total;
}

export type Fixture = { applicationId: string; eventId: string; alias: string; subscriptionIds: string[] };

/** An application (key API_KEY), an event and `subscriptions` subscriptions to `targetUrl`. */
export async function insertFixture(
  ctx: AppContext,
  targetUrl: string,
  subscriptions = 10,
  existingApplicationId?: string,
): Promise<Fixture> {
  const applicationId = existingApplicationId ?? newId();
  const eventId = newId();
  const alias = `bench.${eventId.slice(-6)}`;
  if (!existingApplicationId) {
    await ctx.db.execute(sql`INSERT INTO applications (id, name, api_key_hash, api_key_encrypted, api_key_prefix)
      VALUES (${applicationId}, 'Bench', ${sha256(API_KEY)}, ${ctx.cipher.encrypt(API_KEY)}, ${API_KEY.slice(0, 12)})`);
  }
  await ctx.db.execute(
    sql`INSERT INTO events (id, application_id, name, alias) VALUES (${eventId}, ${applicationId}, 'Bench', ${alias})`,
  );
  const subscriptionIds: string[] = [];
  for (let i = 0; i < subscriptions; i++) {
    const id = newId();
    subscriptionIds.push(id);
    await ctx.db.execute(sql`INSERT INTO subscriptions (id, event_id, name, target_url, secret)
      VALUES (${id}, ${eventId}, ${`Bench ${i}`}, ${targetUrl}, ${`whsec_${Buffer.from(`secret-${i}-0123456789abcdef`).toString('base64')}`})`);
  }
  return { applicationId, eventId, alias, subscriptionIds };
}
