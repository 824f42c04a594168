import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeliveryEngine, startDeliveryEngine } from '../src/delivery/engine';
import { BLOCKED_TARGET_MESSAGE } from '../src/delivery/ssrf-guard';
import {
  insertApplication,
  insertEvent,
  insertSubscription,
  isFinal,
  type Receiver,
  readLogsOf,
  startReceiver,
  waitFor,
} from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let engine: DeliveryEngine;
let receiver: Receiver;
let app: { id: string; apiKey: string };

beforeAll(async () => {
  t = await createTestApp({
    ALLOW_PRIVATE_TARGETS: 'false',
    DELIVERY_POLL_MS: '20',
    DELIVERY_TIMEOUT_MS: '2000',
  });
  engine = startDeliveryEngine(t.ctx);
  receiver = await startReceiver();
  app = await insertApplication(t.ctx);
});

afterAll(async () => {
  await engine.stop();
  await receiver.close();
  await t.close();
});

describe('SSRF guard', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${receiver.port}/`],
    ['private network', () => 'http://10.0.0.1/hook'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => `http://[::1]:${receiver.port}/`],
    ['a name resolving to loopback', () => `http://localhost:${receiver.port}/`],
  ])(
    'When the target is %s and private targets are not allowed, then the delivery is FAILED without retry',
    async (_label, target) => {
      const event = await insertEvent(t.ctx, app.id);
      await insertSubscription(t.ctx, event.id, { targetUrl: target() });
      const response = await t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { eventType: event.alias, applicationId: app.id, data: { a: 1 } },
      });
      expect(response.status).toBe(202);
      const [log] = await waitFor(async () => {
        const rows = await readLogsOf(t.ctx, response.body.occurrenceId);
        return rows.every((row) => isFinal(row.status)) ? rows : null;
      });
      expect(log?.status).toBe('FAILED');
      expect(log?.attemptCount).toBe(1);
      expect(log?.errorMessage).toBe(BLOCKED_TARGET_MESSAGE);
      expect(receiver.requests).toHaveLength(0);
    },
  );
});
