import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttempts, deliveryLogs, endpointCircuits, eventLogs } from '../src/db/schema';
import { startWorkers, type Workers } from '../src/workers';
import { startBlackHoleServer } from './support/black-hole-server';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  type Receiver,
  startReceiver,
  waitFor,
} from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';

const A_EMITS = 120;
const B_EMITS = 20;
/** Long enough that nothing A sent can come back while B is served: the test is not a race. */
const DELIVERY_TIMEOUT_MS = 60_000;

type QueueType = 'IMMEDIATE' | 'RABBITMQ';

/**
 * Tenant A's endpoint accepts connections and never answers; tenant B's answers at once. B's
 * deliveries must all arrive while A's first attempts still wait on their timeout; then A's
 * endpoint goes away, its circuit opens and the rest of its deliveries wait, deferred, none lost
 * or FAILED. Runs IMMEDIATE events and RABBITMQ events (on the database queue in api-pglite and
 * api-postgres, on RabbitMQ in queue-rabbitmq).
 */
describe.each<QueueType>(['IMMEDIATE', 'RABBITMQ'])('one dead endpoint, %s events', (queueType) => {
  let t: TestApp;
  let workers: Workers;
  let receiver: Receiver;
  let deadEndpoint: Awaited<ReturnType<typeof startBlackHoleServer>>;
  const queueName = uniqueQueueName('wm-isolation');

  beforeAll(async () => {
    t = await createTestApp({
      QUEUE_NAME: queueName,
      DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
      DELIVERY_CONCURRENCY: '32',
      QUEUE_CONCURRENCY: '16',
      DELIVERY_CIRCUIT_FAILURES: '3',
      DELIVERY_CIRCUIT_COOLDOWN_MS: '600000',
      DELIVERY_RETRY_DELAYS_MS: '600000',
      QUEUE_POLL_MS: '20',
      ...(queueBackend === 'rabbitmq' && queueType === 'RABBITMQ' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
    });
    workers = await startWorkers(t.ctx);
    receiver = await startReceiver();
    deadEndpoint = await startBlackHoleServer();
  });
  afterAll(async () => {
    await deadEndpoint?.close();
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await receiver?.close();
    await t?.close();
  });

  it("When tenant A's endpoint never answers, then tenant B's deliveries all arrive while A's wait, and A's are deferred, none lost or FAILED", async () => {
    const tenantA = await insertApplication(t.ctx);
    const tenantB = await insertApplication(t.ctx);
    const fields = queueType === 'RABBITMQ' ? { queueType, delayBetweenSends: 0 } : {};
    const eventA = await insertEvent(t.ctx, tenantA.id, fields);
    const eventB = await insertEvent(t.ctx, tenantB.id, fields);
    const subscriptionA = await insertSubscription(t.ctx, eventA.id, {
      targetUrl: `http://127.0.0.1:${deadEndpoint.port}/hook`,
    });
    await insertSubscription(t.ctx, eventB.id, { targetUrl: `${receiver.url}/b` });
    const emit = (app: { id: string; apiKey: string }, alias: string, n: number) =>
      t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType: alias, data: { n } },
      });

    for (let n = 0; n < A_EMITS; n += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => emit(tenantA, eventA.alias, n + i)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 202));
    }
    // A's endpoint holds connections open: A is busy before B starts.
    await waitFor(() => deadEndpoint.connections() > 0, 20_000, "A's first sends");

    for (let n = 0; n < B_EMITS; n++) expect((await emit(tenantB, eventB.alias, n)).status).toBe(202);
    await waitFor(() => receiver.requests.length >= B_EMITS, 20_000, "all of B's deliveries");
    expect(receiver.requests).toHaveLength(B_EMITS);

    const logsOfA = () =>
      t.ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.subscriptionId, subscriptionA.id));
    const attemptsOfA = async () => {
      const ids = (await logsOfA()).map((log) => log.id);
      return ids.length === 0
        ? []
        : t.ctx.db.select().from(deliveryAttempts).where(inArray(deliveryAttempts.deliveryLogId, ids));
    };
    // Not one of A's first attempts has come back yet: B did not wait for them.
    expect(await attemptsOfA()).toEqual([]);
    expect(deadEndpoint.connections()).toBeGreaterThan(0);

    // A's endpoint goes away: its sends fail, the circuit opens and the rest wait, deferred.
    await deadEndpoint.close();
    const circuit = await waitFor(
      async () => {
        const [row] = await t.ctx.db
          .select()
          .from(endpointCircuits)
          .where(eq(endpointCircuits.subscriptionId, subscriptionA.id));
        return row?.state === 'OPEN' ? row : null;
      },
      20_000,
      "A's circuit to open",
    );
    expect(circuit.openUntil?.getTime()).toBeGreaterThan(Date.now());
    // Every send of A that was under way has been recorded, and nothing of A is held any more.
    await waitFor(
      async () => (await logsOfA()).every((log) => log.leaseUntil === null),
      20_000,
      "A's sends to end",
    );

    const logs = await logsOfA();
    expect(logs.filter((log) => log.status === 'FAILED')).toEqual([]);
    // An attempt happened, or the delivery waits untouched: no deferral spent a retry.
    for (const log of logs) expect(log.attemptCount).toBe(log.status === 'RETRYING' ? 1 : 0);
    expect(logs.filter((log) => log.status === 'RETRYING').length).toBeGreaterThan(0);
    if (queueType === 'IMMEDIATE') {
      expect(logs).toHaveLength(A_EMITS);
      expect(logs.filter((log) => log.status === 'PENDING').length).toBeGreaterThan(0);
    } else {
      // A queued occurrence gets its delivery log when a consumer sends it; the deferred ones wait as
      // event logs, every one still PENDING.
      const logsOfEvents = await t.ctx.db
        .select({ status: eventLogs.status })
        .from(eventLogs)
        .where(eq(eventLogs.eventDefinitionId, eventA.id));
      expect(logsOfEvents).toHaveLength(A_EMITS);
      expect(logsOfEvents.filter((log) => log.status !== 'PENDING')).toEqual([]);
      expect(logs.length).toBeLessThan(A_EMITS);
    }
  }, 120_000);
});
