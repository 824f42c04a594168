import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, rules } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { startWorkers, type Workers } from '../src/workers';
import { createRoute, createRouteEventType } from './support/automation-fixtures';
import { insertApplication } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

/**
 * The audit's case B1: 2,000 REGEX rules `(a|aa)+c$` on one alias (each scans the whole text: it
 * holds a c but does not end in one) and one emit with 900 KB of text. Evaluated on the server's one thread at once,
 * it held every request for about 11 s.
 */
const RULE_COUNT = 2_000;
// A 'c' before the end: each regex must run through the text (with none it gives up at once).
const TEXT = `${'a'.repeat(900 * 1024 - 2)}cb`;
const BUDGET_MS = 1_500;

describe(`rules evaluation under a budget (${queueBackend} queue)`, () => {
  let t: TestApp;
  let workers: Workers;
  let baseUrl: string;
  let app: { id: string; apiKey: string };
  let alias: string;
  const queueName = uniqueQueueName('wm-budget');

  beforeAll(async () => {
    t = await createTestApp({
      QUEUE_NAME: queueName,
      QUEUE_POLL_MS: '20',
      RULES_MAX_ACTIVE_PER_ALIAS: String(RULE_COUNT),
      RULES_MAX_PER_APPLICATION: String(RULE_COUNT),
      RULES_REGEX_MAX_TEXT_LENGTH: String(TEXT.length),
      RULES_EVALUATION_BUDGET_MS: String(BUDGET_MS),
      RULES_EVALUATION_MAX_SCANNED: String(10 * RULE_COUNT * TEXT.length),
      ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    workers = await startWorkers(t.ctx);
    app = await insertApplication(t.ctx);
    const route = await createRoute(t, app.id);
    const eventType = await createRouteEventType(t, route.id);
    alias = eventType.alias;
    // Written in one statement: 2,000 creates through the API would only slow the test down.
    await t.ctx.db.insert(rules).values(
      Array.from({ length: RULE_COUNT }, (_, index) => ({
        id: newId(),
        applicationId: app.id,
        routeId: route.id,
        routeEventTypeId: eventType.id,
        name: `Regex ${index}`,
        conditions: {
          type: alias,
          logic: 'OR' as const,
          rules: [
            { field: 'data.text', operator: 'REGEX' as const, values: ['(a|aa)+c$'], caseSensitive: true },
          ],
        },
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await t?.close();
  });

  const readLog = async (id: string) => {
    const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, id));
    return log;
  };

  it('When 2,000 costly regex rules meet 900 KB of text, then /healthz keeps answering while they run and the event log says why evaluation stopped', async () => {
    const emitted = await fetch(`${baseUrl}/v1/emit-rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
      body: JSON.stringify({ applicationId: app.id, eventType: alias, data: { text: TEXT } }),
    });
    expect(emitted.status).toBe(202);
    const { eventLogId } = (await emitted.json()) as { eventLogId: string };

    // /healthz, over the network, back to back from the emit until the log settles.
    let answered = 0;
    let log = await readLog(eventLogId);
    while (log?.status === 'PENDING' || log?.status === 'PROCESSING') {
      const health = await fetch(`${baseUrl}/healthz`);
      expect(health.status).toBe(200);
      answered++;
      log = await readLog(eventLogId);
    }
    const settled = await waitFor(async () => readLog(eventLogId), 5_000, 'the event log');
    expect(settled?.status).toBe('FAILED');
    expect(settled?.errorMessage).toMatch(
      /^Avaliação das regras interrompida: mais de 1\.500 ms de avaliação \([\d.]+ de 2\.000 regras avaliadas\); nenhuma ação executada$/,
    );
    // The evaluation ran for over a second: a server frozen by it would have answered once or twice
    // before the log settled, this one answered many times meanwhile. How fast it answers depends on
    // the machine's load, so the figures (p50, p99, max) are `npm run bench -- freeze`'s, not a test's.
    expect(answered).toBeGreaterThan(5);
  });
});
