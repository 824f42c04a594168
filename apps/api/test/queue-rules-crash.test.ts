import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import {
  deliveryLogs,
  eventLogs,
  occurrences,
  routeEventTypes,
  routes,
  ruleExecutions,
  rules,
} from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { crashServerEnv, createHaltableEmitter, postAccepted } from './support/crash-emitter';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { openTestDatabase } from './support/test-database';
import { deleteTestQueue, queueBackend, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

const EMITS = 400;
const KILL_AFTER_RECEIVED = 80;
const ALIAS = 'message.text.received';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Posts every index to /v1/emit-rules, resuming after a kill (see createHaltableEmitter) with the
 * same externalEventId, so it is recorded once whether or not its first try was.
 */
function emitInBackground(target: () => ServerProcess, input: { applicationId: string; apiKey: string }) {
  const answered = new Set<number>();
  const emitter = createHaltableEmitter(EMITS, async (index) => {
    await postAccepted(target(), '/v1/emit-rules', input.apiKey, {
      eventType: ALIAS,
      applicationId: input.applicationId,
      externalEventId: `crash-${index}`,
      data: { index, message: { text: 'preciso de ajuda' } },
    });
    answered.add(index);
  });
  return { answered, ...emitter };
}

describe(`rules consumer crash on the ${queueBackend} queue`, () => {
  it('When the server is killed while rules run, then after a restart every action ran once and every log ends SUCCESS', async () => {
    const seenIndexes = new Set<number>();
    const receiver = await startReceiver((request) => {
      seenIndexes.add((JSON.parse(request.body) as { index: number }).index);
      return { status: 200 };
    });
    cleanups.push(() => receiver.close());

    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const queueName = uniqueQueueName('wm-rules-crash');
    cleanups.push(() => deleteTestQueue(queueName));
    const env = {
      ...crashServerEnv({ name: 'rules-crash', databaseUrl: String(database.url), queueName }),
      // Few rules messages at once, so a backlog is still queued when the server is killed.
      QUEUE_CONCURRENCY: '2',
    };
    const ctx = await createContext(testConfig(env), database);
    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id);
    await insertSubscription(ctx, event.id, { targetUrl: `${receiver.url}/hook`, jsonBody: '#data#' });
    const routeId = newId();
    await ctx.db.insert(routes).values({ id: routeId, applicationId: app.id, name: 'Rota', endpoint: '/r' });
    const typeId = newId();
    await ctx.db.insert(routeEventTypes).values({ id: typeId, routeId, name: 'Texto', alias: ALIAS });
    const ruleId = newId();
    await ctx.db.insert(rules).values({
      id: ruleId,
      applicationId: app.id,
      routeId,
      routeEventTypeId: typeId,
      eventId: event.id,
      name: 'Ajuda',
      conditions: {
        type: ALIAS,
        logic: 'AND',
        rules: [
          { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
        ],
      },
    });

    let server = await spawnServer(env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const emitter = emitInBackground(() => server, { applicationId: app.id, apiKey: app.apiKey });
    const firstRun = emitter.run();
    await waitFor(() => seenIndexes.size >= KILL_AFTER_RECEIVED, 60_000, 'the first actions');
    emitter.halt();
    await stopServer(server, 'SIGKILL');
    await firstRun;
    const receivedAtKill = seenIndexes.size;
    expect(receivedAtKill).toBeLessThan(emitter.answered.size);

    server = await spawnServer(env);
    await emitter.resume();
    expect(emitter.answered.size).toBe(EMITS);
    await waitFor(() => seenIndexes.size === EMITS, 90_000, 'every action at the receiver');
    const rulesLogs = () =>
      ctx.db
        .select({ id: eventLogs.id, status: eventLogs.status })
        .from(eventLogs)
        .where(and(eq(eventLogs.applicationId, app.id), isNull(eventLogs.eventDefinitionId)));
    await waitFor(
      async () => (await rulesLogs()).every((log) => log.status === 'SUCCESS' || log.status === 'FAILED'),
      30_000,
      'every rules log to settle',
    );
    await stopServer(server, 'SIGTERM');

    const logs = await rulesLogs();
    expect(logs).toHaveLength(EMITS);
    expect(logs.filter((log) => log.status !== 'SUCCESS')).toEqual([]);
    const executions = await ctx.db.select().from(ruleExecutions).where(eq(ruleExecutions.ruleId, ruleId));
    expect(executions).toHaveLength(EMITS);
    expect(executions.filter((execution) => !execution.success)).toEqual([]);
    expect(new Set(executions.map((execution) => execution.eventLogId)).size).toBe(EMITS);
    // One emit of the linked event per rules log: a rerun after the kill got the first emit's answer.
    const emitted = await ctx.db.select().from(occurrences).where(eq(occurrences.eventId, event.id));
    expect(emitted).toHaveLength(EMITS);
    const indexes = emitted.map((occurrence) => (occurrence.data as { index: number }).index);
    expect(new Set(indexes).size).toBe(EMITS);
    const deliveries = await ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.eventId, event.id));
    expect(deliveries).toHaveLength(EMITS);
    expect(deliveries.filter((delivery) => delivery.status !== 'SUCCESS')).toEqual([]);
  }, 240_000);
});
