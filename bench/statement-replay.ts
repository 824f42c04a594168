/**
 * The immediate path's database work alone (on demand, never a test): `insert_emits` then
 * `record_attempt_results` for every batch, from BENCH_WRITERS concurrent writers, on a fresh
 * PostgreSQL database, with no HTTP at all. Prints PostgreSQL CPU µs per delivery (its backends,
 * from /proc) and deliveries/s, for the schema as migrated and, with BENCH_VARIANT_SQL, for the same
 * database after that SQL (dropping a key, an index or a trigger, to see what it costs), each round
 * measuring both, with the ratio of the variant to the schema as migrated:
 *   BENCH_VARIANT_SQL="DROP INDEX delivery_logs_event_idx" npm run bench -- replay
 * Knobs: BENCH_N (20,000 deliveries), BENCH_BATCH (18 a statement, as the compare bench's emits
 * batch), BENCH_WRITERS (3), BENCH_ROUNDS (2), BENCH_DATA_BYTES (a text of that size in the data).
 */
import { recordAttemptResults } from '../apps/api/src/delivery/record-results';
import { newId } from '../apps/api/src/lib/ids';
import { insertEmits } from '../apps/api/src/modules/emit/batch-queries';
import type { EmitRecord } from '../apps/api/src/modules/emit/emit-rows';
import { cpuBetween, databaseCpuMs, fmt, insertFixture, median, openBenchStorage } from './support';

const TOTAL = Number(process.env.BENCH_N ?? 20_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 18);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const VARIANT_SQL = process.env.BENCH_VARIANT_SQL;
const DATA_BYTES = Number(process.env.BENCH_DATA_BYTES ?? 0);
const WORKER = 'bench-replay';

type Figures = { cpu: number; rate: number };

/** One emit as the emit path records it: no bodyTemplate, no jsonBody, one subscription leased at birth. */
function toRecord(
  fixture: { applicationId: string; eventId: string; alias: string },
  subscriptionId: string,
) {
  const occurrenceId = newId();
  const now = new Date().toISOString();
  const data = DATA_BYTES > 0 ? { a: 1, text: 'x'.repeat(DATA_BYTES) } : { a: 1 };
  const record: EmitRecord = {
    occurrence: {
      id: occurrenceId,
      event_id: fixture.eventId,
      application_id: fixture.applicationId,
      event_type: fixture.alias,
      data,
      headers: { 'content-type': 'application/json', host: '127.0.0.1', 'user-agent': 'bench' },
      payload: null,
      external_event_id: null,
      organization_id: null,
      idempotency_key: null,
      response: { occurrenceId, eventId: occurrenceId, deliveries: 1, ignored: 0 },
      callback_pending: false,
      created_at: now,
    },
    deliveryLogs: [
      {
        id: newId(),
        occurrence_id: occurrenceId,
        subscription_id: subscriptionId,
        event_id: fixture.eventId,
        status: 'PENDING',
        error_message: null,
        outsider_error_message: null,
        event_data_received: null,
        payload_sent: null,
        next_attempt_at: now,
        processed_at: null,
        leased_by: WORKER,
        created_at: now,
      },
    ],
    eventLog: null,
  };
  return record;
}

async function measure(variantSql: string | undefined): Promise<Figures> {
  const storage = await openBenchStorage('postgres');
  try {
    const { ctx } = storage;
    const fixture = await insertFixture(ctx, 'http://127.0.0.1:9/replay', 1);
    const subscriptionId = fixture.subscriptionIds[0] as string;
    if (variantSql) await ctx.database.query(variantSql, []);
    const database = new URL(storage.env.DATABASE_URL as string).pathname.slice(1);
    const run = async (total: number) => {
      let started = 0;
      const writer = async () => {
        while (started < total) {
          started += BATCH;
          const records = Array.from({ length: BATCH }, () => toRecord(fixture, subscriptionId));
          const leaseUntil = new Date(ctx.clock().getTime() + ctx.config.DELIVERY_LEASE_MS);
          await insertEmits(ctx.database, records, leaseUntil, WORKER);
          const now = new Date().toISOString();
          await recordAttemptResults(
            ctx,
            WORKER,
            records.flatMap((record) =>
              record.deliveryLogs.map((log) => ({
                id: log.id,
                subscriptionId,
                occurrenceId: log.occurrence_id,
                status: 'SUCCESS' as const,
                httpStatusCode: 200,
                responseBody: 'ok',
                errorMessage: null,
                nextAttemptAt: null,
                processedAt: now,
                attemptNumber: 1,
                attemptId: newId(),
                startedAt: now,
                durationMs: 1,
                isGone: false,
                hasCallbacks: false,
              })),
            ),
          );
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
    };
    // Warm-up: prepared statements, caches and the first pages of every index.
    await run(Math.ceil(TOTAL / 10));
    const before = await databaseCpuMs(database);
    const started = performance.now();
    await run(TOTAL);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuBetween(before, await databaseCpuMs(database));
    return { cpu: (cpu * 1000) / TOTAL, rate: TOTAL / seconds };
  } finally {
    await storage.drop();
  }
}

const describe = (label: string, figures: Figures) =>
  `${label}: PostgreSQL ${fmt(figures.cpu, 1)} µs/delivery, ${fmt(figures.rate, 0)} deliveries/s`;

async function main() {
  console.log(
    `statement replay: ${fmt(TOTAL, 0)} deliveries, ${BATCH} a statement, ${WRITERS} writers` +
      (VARIANT_SQL ? `; variant: ${VARIANT_SQL}` : ''),
  );
  const migrated: Figures[] = [];
  const variants: Figures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const figures = await measure(undefined);
    migrated.push(figures);
    console.log(describe(`round ${round} as migrated`, figures));
    if (!VARIANT_SQL) continue;
    const variant = await measure(VARIANT_SQL);
    variants.push(variant);
    console.log(describe(`round ${round} variant`, variant));
  }
  const cpu = median(migrated.map((figures) => figures.cpu));
  console.log(describe('median as migrated', { cpu, rate: median(migrated.map((f) => f.rate)) }));
  if (variants.length > 0) {
    const variantCpu = median(variants.map((figures) => figures.cpu));
    console.log(describe('median variant', { cpu: variantCpu, rate: median(variants.map((f) => f.rate)) }));
    console.log(`variant / as migrated: PostgreSQL CPU per delivery ${fmt(variantCpu / cpu, 2)}×`);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
