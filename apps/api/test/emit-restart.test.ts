import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, queueMessages } from '../src/db/schema';
import { republishOwnUnpublished } from '../src/pipeline/republish-stale';
import { startWorkers, type Workers } from '../src/workers';
import { createRoute, createRouteEventType } from './support/automation-fixtures';
import { insertApplication } from './support/delivery-fixtures';
import { createFakeClock } from './support/fake-clock';
import { createTestApp, type TestApp } from './support/test-app';
import { uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

/**
 * A process killed between an emit's commit and its publish leaves the event log PENDING with no
 * message; the republish sweep found it only QUEUE_REPUBLISH_AFTER_MS (120 s) later. The next
 * incarnation of that process (same WORKER_ID) publishes it at start.
 */
describe('a restarted process publishes what its predecessor wrote and did not publish', () => {
  const clock = createFakeClock();
  let t: TestApp;
  let workers: Workers | undefined;

  beforeAll(async () => {
    // The database queue: a lost publish is a message row that is not there.
    t = await createTestApp(
      { QUEUE_NAME: uniqueQueueName('wm-restart'), QUEUE_POLL_MS: '20', WORKER_ID: 'api-1' },
      { clock },
    );
  });

  afterAll(async () => {
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await t?.close();
  });

  it('When an emit-rules log was committed but never published before a crash, then the next start publishes it and it settles with the clock standing still', async () => {
    const app = await insertApplication(t.ctx);
    const route = await createRoute(t, app.id);
    const eventType = await createRouteEventType(t, route.id);
    const emitted = await t.post('/v1/emit-rules', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { applicationId: app.id, eventType: eventType.alias, data: { n: 1 } },
    });
    expect(emitted.status).toBe(202);
    const { eventLogId } = emitted.body;
    // As if the process died before publishing: no message, and the log is its dead incarnation's.
    await t.ctx.db.delete(queueMessages).where(eq(queueMessages.messageId, eventLogId));
    const writer = t.ctx.emitRecorder.writer;
    await t.ctx.db
      .update(eventLogs)
      .set({ writtenBy: `${writer.prefix}dead` })
      .where(eq(eventLogs.id, eventLogId));

    expect(await republishOwnUnpublished(t.ctx, writer)).toBe(1);
    workers = await startWorkers(t.ctx);
    const settled = await waitFor(
      async () => {
        const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.id, eventLogId));
        return log?.status === 'SUCCESS' ? log : null;
      },
      10_000,
      'the log to settle',
    );
    expect(settled.writtenBy).toBe(writer.id);
    expect(clock().getTime()).toBe(settled.createdAt.getTime());
  });
});
