import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttempts, deliveryLogs, endpointCircuits, eventLogs, type events } from '../src/db/schema';
import { startWorkers, type Workers } from '../src/workers';
import { startBlackHoleServer } from './support/black-hole-server';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  type Receiver,
  startReceiver,
} from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

const A_EMITS = 120;
const B_EMITS = 20;
/** Long enough that nothing A sent can come back while B is served: the test is not a race. */
const DELIVERY_TIMEOUT_MS = 60_000;

type QueueType = 'IMMEDIATE' | 'RABBITMQ';

type Isolation = {
  t: TestApp;
  receiver: Receiver;
  deadEndpoint: Awaited<ReturnType<typeof startBlackHoleServer>>;
};

/** The app with its workers, B's receiver and A's dead endpoint, for the tests of the calling describe. */
function useIsolationApp(env: Record<string, string>): () => Isolation {
  let isolation: Isolation | null = null;
  let workers: Workers | null = null;
  const queueName = uniqueQueueName('wm-isolation');
  beforeAll(async () => {
    const t = await createTestApp({ QUEUE_NAME: queueName, QUEUE_POLL_MS: '20', ...env });
    workers = await startWorkers(t.ctx);
    isolation = { t, receiver: await startReceiver(), deadEndpoint: await startBlackHoleServer() };
  });
  afterAll(async () => {
    await isolation?.deadEndpoint.close();
    await workers?.stop();
    await isolation?.t.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await isolation?.receiver.close();
    await isolation?.t.close();
  });
  return () => {
    if (!isolation) throw new Error('the isolation app is not up');
    return isolation;
  };
}

/** Tenant A's event with its subscription to the dead endpoint, tenant B's to the receiver, and an emit. */
async function insertTenants(
  { t, receiver, deadEndpoint }: Isolation,
  fieldsA: Partial<typeof events.$inferInsert>,
  fieldsB: Partial<typeof events.$inferInsert>,
) {
  const tenantA = await insertApplication(t.ctx);
  const tenantB = await insertApplication(t.ctx);
  const eventA = await insertEvent(t.ctx, tenantA.id, fieldsA);
  const eventB = await insertEvent(t.ctx, tenantB.id, fieldsB);
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
  return {
    eventA,
    subscriptionA,
    emitA: (n: number) => emit(tenantA, eventA.alias, n),
    emitB: (n: number) => emit(tenantB, eventB.alias, n),
  };
}

/**
 * Tenant A's endpoint accepts connections and never answers; tenant B's answers at once. B's
 * deliveries must all arrive while A's first attempts still wait on their timeout; then A's
 * endpoint goes away, its circuit opens and the rest of its deliveries wait, deferred, none lost
 * or FAILED. Runs IMMEDIATE events and RABBITMQ events (on the database queue in api-pglite and
 * api-postgres, on RabbitMQ in queue-rabbitmq).
 */
describe.each<QueueType>(['IMMEDIATE', 'RABBITMQ'])('one dead endpoint, %s events', (queueType) => {
  const isolation = useIsolationApp({
    DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
    DELIVERY_CONCURRENCY: '32',
    QUEUE_CONCURRENCY: '16',
    DELIVERY_CIRCUIT_FAILURES: '3',
    DELIVERY_CIRCUIT_COOLDOWN_MS: '600000',
    DELIVERY_RETRY_DELAYS_MS: '600000',
    ...(queueBackend === 'rabbitmq' && queueType === 'RABBITMQ' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
  });

  it("When tenant A's endpoint never answers, then tenant B's deliveries all arrive while A's wait, and A's are deferred, none lost or FAILED", async () => {
    const { t, receiver, deadEndpoint } = isolation();
    const fields = queueType === 'RABBITMQ' ? { queueType, delayBetweenSends: 0 } : {};
    const { eventA, subscriptionA, emitA, emitB } = await insertTenants(isolation(), fields, fields);

    for (let n = 0; n < A_EMITS; n += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => emitA(n + i)));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 202));
    }
    // A's endpoint holds connections open: A is busy before B starts.
    await waitFor(() => deadEndpoint.connections() > 0, 20_000, "A's first sends");

    for (let n = 0; n < B_EMITS; n++) expect((await emitB(n)).status).toBe(202);
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

/**
 * Tenant A's queued event is paced (one send a minute) to an endpoint that never answers, and A's
 * messages outnumber the consumer's slots; B's event goes to a receiver that answers at once. A
 * message waiting for its event's send slot waits on a place of its endpoint's share: A's messages
 * never hold more of the consumer than that, whatever they wait for, so B's are taken and sent.
 * On the database queue in api-pglite and api-postgres, on RabbitMQ in queue-rabbitmq.
 */
describe('one dead endpoint whose queued sends are paced', () => {
  const CONCURRENCY = 8;
  /** DELIVERY_ENDPOINT_SHARE 25 % of CONCURRENCY. */
  const SHARE = 2;
  const isolation = useIsolationApp({
    DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
    QUEUE_CONCURRENCY: String(CONCURRENCY),
    DELIVERY_ENDPOINT_SHARE: '25',
    // A message may wait for its paced send slot longer than the whole test.
    QUEUE_PACING_MAX_WAIT_MS: '600000',
    ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
  });

  it("When tenant A's queued messages wait for their paced send slot, then they hold at most A's share of the consumer and B's deliveries all arrive", async () => {
    const { t, receiver, deadEndpoint } = isolation();
    const { subscriptionA, emitA, emitB } = await insertTenants(
      isolation(),
      { queueType: 'RABBITMQ', delayBetweenSends: 60_000 },
      { queueType: 'RABBITMQ', delayBetweenSends: 0 },
    );

    const answers = await Promise.all(Array.from({ length: 3 * CONCURRENCY }, (_, n) => emitA(n)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 202));
    await waitFor(() => deadEndpoint.connections() > 0, 20_000, "A's first send");

    for (let n = 0; n < 10; n++) expect((await emitB(n)).status).toBe(202);
    // Until B's deliveries are in, or a deadline: then what the consumer holds of A says what B
    // waited behind.
    await waitFor(() => receiver.requests.length >= 10, 20_000, "all of B's deliveries").catch(() => {});

    // A's deliveries the consumer holds (sending, or waiting for A's next send slot a minute away):
    // no more than A's share of its slots.
    const health = await t.get(`/v1/subscriptions/${subscriptionA.id}/health`);
    expect(health.status).toBe(200);
    const { inFlight } = (health.body as { data: { inFlight: number } }).data;
    expect(inFlight).toBeGreaterThan(0);
    expect(inFlight).toBeLessThanOrEqual(SHARE);
    expect(receiver.requests).toHaveLength(10);
    // B did not wait for A's next send, a minute after its first.
    expect(deadEndpoint.connections()).toBe(1);
  }, 120_000);
});
