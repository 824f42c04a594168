import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { deliveryLogs, eventLogs } from '../src/db/schema';
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

const EMITS = 1_200;
const KILL_AFTER_RECEIVED = 200;
// Four events paced 25 ms apart cap delivery at ~160/s, below the emit rate, so a backlog is
// still queued when the server is killed however fast the consumer gets.
const EVENTS = 4;
const DELAY_BETWEEN_SENDS_MS = 25;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Emitted = { occurrenceId: string; index: number };

/** Emits every index to /v1/events/emit, resuming after a kill (see createHaltableEmitter). */
function emitInBackground(
  target: () => ServerProcess,
  input: { applicationId: string; apiKey: string; aliases: string[]; emitted: Emitted[] },
) {
  return createHaltableEmitter(EMITS, async (index) => {
    const answer = await postAccepted(target(), '/v1/events/emit', input.apiKey, {
      eventType: input.aliases[index % input.aliases.length],
      applicationId: input.applicationId,
      data: { index },
    });
    const { occurrenceId } = answer as { occurrenceId: string };
    input.emitted.push({ occurrenceId, index });
  });
}

describe(`server crash on the ${queueBackend} queue`, () => {
  it('When the server is killed while queued events are delivered, then after a restart every occurrence reaches the receiver and every event log ends SUCCESS', async () => {
    const seenIds = new Set<string>();
    const seenIndexes = new Set<number>();
    const receiver = await startReceiver((request) => {
      seenIds.add(String(request.headers['webhook-id']));
      seenIndexes.add((JSON.parse(request.body) as { index: number }).index);
      return { status: 200 };
    });
    cleanups.push(() => receiver.close());

    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const queueName = uniqueQueueName('wm-crash');
    cleanups.push(() => deleteTestQueue(queueName));
    const env = crashServerEnv({ name: 'queue-crash', databaseUrl: String(database.url), queueName });
    const ctx = await createContext(testConfig(env), database);
    const app = await insertApplication(ctx);
    const aliases: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const event = await insertEvent(ctx, app.id, {
        queueType: 'RABBITMQ',
        delayBetweenSends: DELAY_BETWEEN_SENDS_MS,
        messageTtl: 3_600_000,
      });
      await insertSubscription(ctx, event.id, { targetUrl: `${receiver.url}/hook` });
      aliases.push(event.alias);
    }

    let server = await spawnServer(env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const emitted: Emitted[] = [];
    const emitter = emitInBackground(() => server, {
      applicationId: app.id,
      apiKey: app.apiKey,
      aliases,
      emitted,
    });
    const firstRun = emitter.run();
    await waitFor(() => seenIndexes.size >= KILL_AFTER_RECEIVED, 30_000, 'the first deliveries');
    emitter.halt();
    await stopServer(server, 'SIGKILL');
    await firstRun;
    const receivedAtKill = seenIndexes.size;
    expect(receivedAtKill).toBeGreaterThan(0);
    expect(receivedAtKill).toBeLessThan(emitted.length);

    server = await spawnServer(env);
    await emitter.resume();
    expect(emitted).toHaveLength(EMITS);
    await waitFor(() => seenIndexes.size === EMITS, 45_000, 'every occurrence at the receiver');
    const isEveryLogFinal = async () => {
      const logs = await ctx.db.select({ status: eventLogs.status }).from(eventLogs);
      return logs.every((log) => log.status === 'SUCCESS' || log.status === 'FAILED');
    };
    await waitFor(isEveryLogFinal, 15_000, 'every event log to settle');
    await stopServer(server, 'SIGTERM');

    const logs = await ctx.db
      .select({ occurrenceId: eventLogs.eventId, status: eventLogs.status })
      .from(eventLogs);
    expect(logs.filter((log) => log.status !== 'SUCCESS')).toEqual([]);
    const loggedOccurrences = new Set(logs.map((log) => log.occurrenceId));
    expect(emitted.filter((e) => !loggedOccurrences.has(e.occurrenceId))).toEqual([]);
    const deliveries = await ctx.db
      .select({ id: deliveryLogs.id, occurrenceId: deliveryLogs.occurrenceId, status: deliveryLogs.status })
      .from(deliveryLogs);
    const receivedOccurrences = new Set(
      deliveries.filter((delivery) => seenIds.has(delivery.id)).map((delivery) => delivery.occurrenceId),
    );
    expect(emitted.filter((e) => !receivedOccurrences.has(e.occurrenceId))).toEqual([]);
    expect(deliveries.filter((delivery) => delivery.status !== 'SUCCESS')).toEqual([]);
  }, 120_000);
});
