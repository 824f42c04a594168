/**
 * Bytes stored per delivery as a user gets them: the real server in its own process on a fresh
 * PostgreSQL database, the fixture made through the API (bench/api-fixture.ts), BENCH_BYTES_EMITS
 * (5,000) emits of 309 bytes over HTTP at 32 connections, a receiver answering 200 with no body.
 * Measured after CHECKPOINT and VACUUM, against the same reading just before the emits: the database
 * and each relation (a partitioned table or index counts its partitions; all forks), per delivery.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { spawnServer, stopServer } from '../apps/api/test/support/server-process';
import { BENCH_ADMIN, createApiFixture, emitBodyOf } from './api-fixture';
import { createBenchDatabase, dropBenchDatabase, fmt, POSTGRES_URL, SECRET_KEY, sleep } from './support';

const EMITS = Number(process.env.BENCH_BYTES_EMITS ?? 5_000);
const CONNECTIONS = 32;

type Reading = { database: number; relations: Map<string, number> };

/** Each relation by its top parent's name (partitions and their indexes count for the parent). */
const RELATIONS_SQL = `
  WITH RECURSIVE tops AS (
    SELECT c.oid, c.relname::text AS top FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT c.relispartition AND c.relkind IN ('r', 'p', 'i', 'I')
    UNION ALL
    SELECT i.inhrelid, tops.top FROM pg_inherits i JOIN tops ON tops.oid = i.inhparent
  )
  SELECT top AS name, sum(pg_relation_size(oid, 'main') + pg_relation_size(oid, 'fsm')
    + pg_relation_size(oid, 'vm'))::bigint AS bytes FROM tops GROUP BY top
  UNION ALL
  SELECT tops.top || ' (toast)', sum(pg_total_relation_size(c.reltoastrelid))::bigint
  FROM tops JOIN pg_class c ON c.oid = tops.oid WHERE c.reltoastrelid <> 0 GROUP BY tops.top`;

async function read(admin: pg.Client): Promise<Reading> {
  await admin.query('CHECKPOINT');
  await admin.query('VACUUM');
  const size = await admin.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
  const { rows } = await admin.query<{ name: string; bytes: string }>(RELATIONS_SQL);
  return {
    database: Number(size.rows[0]?.size ?? 0),
    relations: new Map(rows.map((row) => [row.name, Number(row.bytes)])),
  };
}

/** Answers bytes per delivery; prints it and the relations that grew, largest first. */
export async function measureApiBytes(receiverUrl: string): Promise<number> {
  const name = `wm_bench_bytes_${randomBytes(3).toString('hex')}`;
  const url = await createBenchDatabase(POSTGRES_URL, name);
  const server = await spawnServer({
    DATABASE_URL: url,
    SECRET_KEY,
    ...BENCH_ADMIN,
    ALLOW_PRIVATE_TARGETS: 'true',
  });
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
    const fixture = await createApiFixture(server.url, `${receiverUrl}/empty`);
    const before = await read(admin);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < EMITS) {
          const response = await fetch(`${server.url}/v1/events/emit`, {
            method: 'POST',
            headers: { 'x-api-key': fixture.apiKey, 'content-type': 'application/json' },
            body: emitBodyOf(fixture, next++),
          });
          if (response.status !== 202)
            throw new Error(`emit answered ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
        }
      }),
    );
    const finished = async () =>
      (
        await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM delivery_logs WHERE status IN ('SUCCESS', 'FAILED')",
        )
      ).rows[0]?.n ?? 0;
    while ((await finished()) < EMITS) await sleep(200);
    await sleep(1_000); // the last figures and counters
    const after = await read(admin);
    const perDelivery = (after.database - before.database) / EMITS;
    console.log(
      `bytes per delivery, API-made fixture (template {"d": "#data#"}, ${fmt(EMITS, 0)} emits of 309 bytes over HTTP): ${fmt(perDelivery, 0)}`,
    );
    const grown = [...after.relations]
      .map(([relation, bytes]) => ({ relation, bytes: bytes - (before.relations.get(relation) ?? 0) }))
      .filter((row) => row.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
    for (const row of grown)
      console.log(`  ${row.relation.padEnd(48)} ${fmt(row.bytes / EMITS, 0).padStart(6)} B per delivery`);
    const listed = grown.reduce((total, row) => total + row.bytes, 0);
    console.log(
      `  ${'(rest: catalogs, free space)'.padEnd(48)} ${fmt((after.database - before.database - listed) / EMITS, 0).padStart(6)} B per delivery`,
    );
    return perDelivery;
  } finally {
    await admin.end();
    await stopServer(server);
    // BENCH_KEEP_DATABASE=1 keeps it to look into (pgstattuple, EXPLAIN); drop it by hand after.
    if (process.env.BENCH_KEEP_DATABASE) console.log(`  kept database ${name}`);
    else await dropBenchDatabase(POSTGRES_URL, name);
  }
}
