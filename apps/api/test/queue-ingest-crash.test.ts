import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import {
  deliveryLogs,
  eventLogs,
  inboundRequests,
  routeEventTypes,
  routes,
  ruleExecutions,
  rules,
} from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { crashServerEnv, createHaltableEmitter } from './support/crash-emitter';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  newSecret,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { openTestDatabase } from './support/test-database';
import { deleteTestQueue, queueBackend, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

const REQUESTS = 300;
const KILL_AT_ACCEPTED = 60;
const ALIAS = 'pedido.pago';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`ingest URL crash on the ${queueBackend} queue`, () => {
  it('When the server is SIGKILLed right after answering 202, then after a restart every accepted request ran its rule once and reached the receiver', async () => {
    const seen = new Set<number>();
    const receiver = await startReceiver((request) => {
      seen.add((JSON.parse(request.body) as { index: number }).index);
      return { status: 200 };
    });
    cleanups.push(() => receiver.close());
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const queueName = uniqueQueueName('wm-ingest-crash');
    cleanups.push(() => deleteTestQueue(queueName));
    const env = crashServerEnv({ name: 'ingest-crash', databaseUrl: String(database.url), queueName });
    const ctx = await createContext(testConfig(env), database);

    const app = await insertApplication(ctx);
    const event = await insertEvent(ctx, app.id);
    await insertSubscription(ctx, event.id, { targetUrl: `${receiver.url}/hook`, jsonBody: '#data#' });
    const secret = newSecret();
    const routeId = newId();
    await ctx.db.insert(routes).values({
      id: routeId,
      applicationId: app.id,
      name: 'Pagamentos',
      endpoint: '/pagamentos',
      verification: { type: 'STANDARD_WEBHOOKS', secret: ctx.cipher.seal(secret) },
    });
    const typeId = newId();
    await ctx.db.insert(routeEventTypes).values({ id: typeId, routeId, name: 'Pago', alias: ALIAS });
    const ruleId = newId();
    await ctx.db.insert(rules).values({
      id: ruleId,
      applicationId: app.id,
      routeId,
      routeEventTypeId: typeId,
      eventId: event.id,
      name: 'Pago',
      conditions: {
        type: ALIAS,
        logic: 'AND',
        rules: [{ field: 'data.index', operator: 'GREATER_THAN', values: ['-1'], caseSensitive: false }],
      },
    });
    const [route] = await ctx.db.select().from(routes).where(eq(routes.id, routeId));
    const path = `/in/${route?.ingestToken}/pagamentos`;
    const signer = new Webhook(secret);

    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    let accepted = 0;
    // Each index is one sender's message: a retry keeps its webhook-id, as a provider's would.
    const emitter = createHaltableEmitter(REQUESTS, async (index) => {
      const body = JSON.stringify({ type: ALIAS, index });
      const at = new Date();
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': `msg_${index}`,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(`msg_${index}`, at, body),
        },
        body,
      });
      if (response.status !== 202) throw new Error(`ingest answered ${response.status}`);
      accepted += 1;
      if (accepted === KILL_AT_ACCEPTED) {
        // At once, in the same turn as the 202 arrived: its publish may not have gone out.
        emitter.halt();
        server.child.kill('SIGKILL');
      }
    });
    await emitter.run();
    await stopServer(server, 'SIGKILL');
    const atKill = seen.size;
    expect(atKill).toBeLessThan(REQUESTS);

    server = await spawnServer(env);
    await emitter.resume();
    await waitFor(() => seen.size === REQUESTS, 90_000, 'every action at the receiver');
    const routeLogs = () =>
      ctx.db
        .select({ id: eventLogs.id, status: eventLogs.status })
        .from(eventLogs)
        .where(eq(eventLogs.routeId, routeId));
    await waitFor(
      async () => (await routeLogs()).every((log) => log.status === 'SUCCESS' || log.status === 'FAILED'),
      30_000,
      'every rules log to settle',
    );
    await stopServer(server, 'SIGTERM');

    const kept = await ctx.db
      .select({ deliveryId: inboundRequests.deliveryId, eventLogId: inboundRequests.eventLogId })
      .from(inboundRequests)
      .where(and(eq(inboundRequests.routeId, routeId), eq(inboundRequests.status, 'ACCEPTED')));
    expect(kept).toHaveLength(REQUESTS);
    expect(new Set(kept.map((request) => request.deliveryId)).size).toBe(REQUESTS);
    const logs = await routeLogs();
    expect(logs).toHaveLength(REQUESTS);
    expect(logs.filter((log) => log.status !== 'SUCCESS')).toEqual([]);
    const executions = await ctx.db.select().from(ruleExecutions).where(eq(ruleExecutions.ruleId, ruleId));
    expect(executions).toHaveLength(REQUESTS);
    expect(executions.filter((execution) => !execution.success)).toEqual([]);
    const deliveries = await ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.eventId, event.id));
    expect(deliveries).toHaveLength(REQUESTS);
    expect(deliveries.filter((delivery) => delivery.status !== 'SUCCESS')).toEqual([]);
  }, 240_000);
});
