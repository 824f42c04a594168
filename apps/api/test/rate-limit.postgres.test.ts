import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { deliveryLogs } from '../src/db/schema';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  startReceiver,
} from './support/delivery-fixtures';
import { type ServerProcess, spawnWorker, stopServer } from './support/server-process';
import { createTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const RATE_PER_SECOND = 20;
const DELIVERIES = 80;
const SECRET_KEY = 'test-secret-key-with-at-least-32-characters';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('rate limit across processes', () => {
  it('When two worker processes share one PostgreSQL, then together they keep the subscription under its rate and lose nothing', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // An API without a delivery worker: the emits are left due for the two workers.
    const api = await createTestApp({ SECRET_KEY });
    cleanups.push(() => api.close());
    const url = (api.ctx.database as DatabaseHandle & { url?: string }).url as string;
    const app = await insertApplication(api.ctx);
    const event = await insertEvent(api.ctx, app.id);
    const subscription = await insertSubscription(api.ctx, event.id, {
      targetUrl: `${receiver.url}/limited`,
      rateLimitPerSecond: RATE_PER_SECOND,
    });

    const env = {
      DATABASE_URL: url,
      SECRET_KEY,
      ALLOW_PRIVATE_TARGETS: 'true',
      DELIVERY_POLL_MS: '50',
      LOG_LEVEL: 'debug',
    };
    const workers: ServerProcess[] = await Promise.all([spawnWorker(env), spawnWorker(env)]);
    for (const worker of workers) cleanups.push(() => stopServer(worker));

    for (let n = 0; n < DELIVERIES; n += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api
            .post('/v1/events/emit', {
              token: null,
              headers: { 'x-api-key': app.apiKey },
              body: { applicationId: app.id, eventType: event.alias, data: { n: n + i } },
            })
            .then((answer) => expect(answer.status).toBe(202)),
        ),
      );
    }
    const logs = await waitFor(
      async () => {
        const rows = await api.ctx.db
          .select()
          .from(deliveryLogs)
          .where(eq(deliveryLogs.subscriptionId, subscription.id));
        return rows.length === DELIVERIES && rows.every((row) => row.status === 'SUCCESS') ? rows : null;
      },
      30_000,
      'every delivery to succeed',
    );

    // Each delivery arrived once: nothing lost, nothing sent twice.
    const ids = receiver.requests.map((request) => String(request.headers['webhook-id']));
    expect(new Set(ids)).toEqual(new Set(logs.map((log) => log.id)));
    expect(ids).toHaveLength(DELIVERIES);
    // Both processes took slots of the one shared limit.
    for (const worker of workers) expect(worker.output()).toContain('rate limit: send slots reserved');
    // The slots are 1/rate apart across both processes and no send goes before its slot: the
    // deliveries cannot have been faster than the rate (within 10 %).
    const arrivals = receiver.requests.map((request) => request.receivedAt).sort((a, b) => a - b);
    const spanMs = (arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0);
    expect(spanMs).toBeGreaterThanOrEqual(((DELIVERIES - 1) * 1_000 * 0.9) / RATE_PER_SECOND);
  }, 90_000);
});
