import { eq } from 'drizzle-orm';
import { eventLogs } from '../../src/db/schema';
import { startWorkers, type Workers } from '../../src/workers';
import { insertApplication, isFinal, type Receiver, readLogsOf, startReceiver } from './delivery-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './test-queue';
import { useHarness } from './use-test-app';
import { waitFor } from './wait-for';

/** The app with its workers (delivery engine and queue consumer) on this run's queue backend. */
export type WorkersHarness = {
  t: TestApp;
  workers: Workers;
  receiver: Receiver;
  app: { id: string; apiKey: string };
  queueName: string;
};

/**
 * The app, its workers on the run's queue backend (the database queue, or RabbitMQ in the
 * queue-rabbitmq project), a receiver answering by `reply`, and one application. `env` may be a
 * function, read when the harness starts (after the file's earlier beforeAll hooks).
 */
export function useWorkersHarness(
  env: Record<string, string> | (() => Record<string, string>),
  reply?: Receiver['reply'],
): WorkersHarness {
  return useHarness<WorkersHarness>(
    async () => {
      const queueName = uniqueQueueName('wm-workers');
      const t = await createTestApp({
        QUEUE_NAME: queueName,
        QUEUE_POLL_MS: '20',
        DELIVERY_POLL_MS: '20',
        ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
        ...(typeof env === 'function' ? env() : env),
      });
      const workers = await startWorkers(t.ctx);
      const receiver = await startReceiver(reply);
      const app = await insertApplication(t.ctx);
      return { t, workers, receiver, app, queueName };
    },
    async ({ t, workers, receiver, queueName }) => {
      await workers?.stop();
      await t?.ctx.queue?.close({ graceMs: 1_000 });
      await deleteTestQueue(queueName);
      await receiver?.close();
      await t?.close();
    },
  );
}

/** POST /v1/events/emit with the application's key. */
export const emitWith =
  (harness: WorkersHarness) =>
  (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': harness.app.apiKey, ...headers },
      body: { applicationId: harness.app.id, data: {}, ...body },
    });

/** The occurrence's deliveries once every one is final (and, for a queued event, its event log too). */
export async function settleOccurrence(harness: WorkersHarness, occurrenceId: string, expected: number) {
  const { ctx } = harness.t;
  return waitFor(
    async () => {
      const [log] = await ctx.db.select().from(eventLogs).where(eq(eventLogs.eventId, occurrenceId));
      if (log && !isFinal(log.status)) return null;
      const deliveries = await readLogsOf(ctx, occurrenceId);
      return deliveries.length === expected && deliveries.every((delivery) => isFinal(delivery.status))
        ? deliveries
        : null;
    },
    20_000,
    'the deliveries to end',
  );
}
