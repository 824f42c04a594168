import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../src/db/schema';
import { EMIT_PUBLISH_WAIT_MS } from '../src/modules/emit/publish-or-sweep';
import { createRabbitQueue } from '../src/queue/rabbitmq-queue';
import { startBlackHoleServer } from './support/black-hole-server';
import { insertApplication, insertEvent } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

// A broker that takes the connection and never answers: what a hung or partitioned RabbitMQ looks like.
let blackHole: Awaited<ReturnType<typeof startBlackHoleServer>>;
let t: TestApp;

beforeAll(async () => {
  blackHole = await startBlackHoleServer();
  t = await createTestApp({ RABBITMQ_URL: `amqp://guest:guest@127.0.0.1:${blackHole.port}` });
});

afterAll(async () => {
  await t.close();
  await blackHole.close();
});

describe('emitting a queued event while the broker does not answer', () => {
  it('When the broker never confirms, then the emit still answers 202 in time and its event log waits PENDING for the republish sweep', async () => {
    const app = await insertApplication(t.ctx);
    const event = await insertEvent(t.ctx, app.id, { queueType: 'RABBITMQ' });
    const startedAt = Date.now();
    const answer = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { n: 1 } },
    });
    expect(answer.status).toBe(202);
    // Wide room above the publish wait; an emit waiting on the broker would hang to the test's timeout.
    expect(Date.now() - startedAt).toBeLessThan(EMIT_PUBLISH_WAIT_MS + 8_000);
    const logs = await t.ctx.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.eventId, answer.body.occurrenceId));
    expect(logs.map((log) => log.status)).toEqual(['PENDING']);
  });
});

describe('connecting to a broker that does not answer', () => {
  it('When the broker never answers the handshake, then each connection attempt times out and is made again', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const queue = createRabbitQueue({
      database: t.ctx.database,
      clock: t.ctx.clock,
      logger,
      pacingMaxWaitMs: 1_000,
      name: 'wm-black-hole',
      defaultConcurrency: 1,
      url: `amqp://guest:guest@127.0.0.1:${blackHole.port}`,
      reconnectMinMs: 50,
      reconnectMaxMs: 100,
      connectTimeoutMs: 200,
    });
    const publishing = queue.publish({ id: 'm1', body: {} }).catch((error: Error) => error);
    try {
      const failures = () => lines.filter((line) => line.includes('rabbitmq connect failed')).length;
      await waitFor(() => failures() >= 2, 5_000, 'two failed connects');
    } finally {
      await queue.close({ graceMs: 100 });
    }
    expect(await publishing).toBeInstanceOf(Error);
  });
});
