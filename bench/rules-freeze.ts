/**
 * Rules freeze benchmark (on demand, never a test): `npm run bench -- freeze`, on PostgreSQL and the
 * database queue, the real server (`--role all`) in a child process. The audit's case B1:
 * BENCH_RULES (2000) active REGEX rules `(a|aa)+c$` on one alias (limits raised to fit), then one
 * `POST /v1/emit-rules` with BENCH_TEXT_KB (900) KB of text that holds a 'c' but does not end in
 * one, so every regex runs through all of it. Meanwhile /healthz is called back to back.
 * Prints /healthz p50/p99/max while the evaluation runs (target p99 under 100 ms) and, as the
 * reference, the same on the idle server in the same run; how the evaluation ended (its event
 * log's error, under RULES_EVALUATION_BUDGET_MS, default here BENCH_BUDGET_MS 5000); and the
 * server's CPU ms per rule evaluated and per MB of text scanned.
 */
import { eq } from 'drizzle-orm';
import { eventLogs, routeEventTypes, routes, rules } from '../apps/api/src/db/schema';
import { newId } from '../apps/api/src/lib/ids';
import { spawnServer, stopServer } from '../apps/api/test/support/server-process';
import { API_KEY, fmt, insertFixture, openBenchStorage, percentile, processCpuMs } from './support';

const RULES = Number(process.env.BENCH_RULES ?? 2000);
const TEXT_KB = Number(process.env.BENCH_TEXT_KB ?? 900);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 5000);
const REFERENCE_MS = 2_000;
const TEXT = `${'a'.repeat(TEXT_KB * 1024 - 2)}cb`;

/** /healthz back to back until `isDone`, each call's duration (ms, monotonic timer). */
async function pollHealth(url: string, isDone: () => Promise<boolean> | boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!(await isDone())) {
    const started = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const describeLatencies = (latencies: number[]) =>
  `${latencies.length} calls, p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(Math.max(...latencies))} ms`;

async function main() {
  const storage = await openBenchStorage('postgres');
  const { ctx } = storage;
  const { applicationId } = await insertFixture(ctx, 'http://127.0.0.1:9/', 0);
  const routeId = newId();
  const eventTypeId = newId();
  const alias = 'bench.text.received';
  await ctx.db.insert(routes).values({ id: routeId, applicationId, name: 'Bench', endpoint: '/bench' });
  await ctx.db.insert(routeEventTypes).values({ id: eventTypeId, routeId, name: 'Bench', alias });
  for (let start = 0; start < RULES; start += 500) {
    await ctx.db.insert(rules).values(
      Array.from({ length: Math.min(500, RULES - start) }, (_, index) => ({
        id: newId(),
        applicationId,
        routeId,
        routeEventTypeId: eventTypeId,
        name: `Regex ${start + index}`,
        conditions: {
          type: alias,
          logic: 'OR' as const,
          rules: [
            { field: 'data.text', operator: 'REGEX' as const, values: ['(a|aa)+c$'], caseSensitive: true },
          ],
        },
      })),
    );
  }
  const server = await spawnServer({
    ...storage.env,
    ALLOW_PRIVATE_TARGETS: 'true',
    QUEUE_POLL_MS: '20',
    RULES_MAX_ACTIVE_PER_ALIAS: String(RULES),
    RULES_MAX_PER_APPLICATION: String(RULES),
    RULES_REGEX_MAX_TEXT_LENGTH: String(TEXT.length),
    RULES_EVALUATION_BUDGET_MS: String(BUDGET_MS),
    RULES_EVALUATION_MAX_SCANNED: String(Number.MAX_SAFE_INTEGER),
  });
  try {
    const pid = server.child.pid as number;
    const referenceEnd = performance.now() + REFERENCE_MS;
    const reference = await pollHealth(server.url, () => performance.now() >= referenceEnd);

    const cpuBefore = processCpuMs(pid);
    const emitted = await fetch(`${server.url}/v1/emit-rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ applicationId, eventType: alias, data: { text: TEXT } }),
    });
    if (emitted.status !== 202)
      throw new Error(`emit-rules answered ${emitted.status}: ${await emitted.text()}`);
    const { eventLogId } = (await emitted.json()) as { eventLogId: string };
    let settled: { status: string; errorMessage: string | null } | undefined;
    const during = await pollHealth(server.url, async () => {
      const [log] = await ctx.db.select().from(eventLogs).where(eq(eventLogs.id, eventLogId));
      if (log && (log.status === 'SUCCESS' || log.status === 'FAILED')) settled = log;
      return settled !== undefined;
    });
    const cpuMs = processCpuMs(pid) - cpuBefore;
    const evaluated = Number(
      /\(([\d.]+) de [\d.]+ regras avaliadas\)/.exec(settled?.errorMessage ?? '')?.[1]?.replaceAll('.', '') ??
        RULES,
    );
    const scannedMb = (evaluated * TEXT.length) / 1e6;

    console.log(
      `rules freeze (B1): ${RULES} REGEX rules (a|aa)+c$, ${TEXT_KB} KB of text, budget ${BUDGET_MS} ms`,
    );
    console.log(`  /healthz idle (reference): ${describeLatencies(reference)}`);
    console.log(`  /healthz during evaluation: ${describeLatencies(during)}`);
    console.log(
      `  p99 during / reference: ${fmt(percentile(during, 99) / Math.max(percentile(reference, 99), 0.001))}x (target p99 < 100 ms)`,
    );
    console.log(`  event log: ${settled?.status} ${settled?.errorMessage ?? ''}`);
    console.log(
      `  server CPU: ${fmt(cpuMs)} ms, ${fmt(cpuMs / Math.max(evaluated, 1), 2)} ms per rule evaluated, ${fmt(cpuMs / Math.max(scannedMb, 0.001), 2)} ms per MB scanned`,
    );
  } finally {
    await stopServer(server);
    await storage.drop();
  }
}

await main();
