import { describe, expect, it } from 'vitest';
import { BLOCKED_TARGET_MESSAGE } from '../src/delivery/ssrf-guard';
import { insertEvent, insertSubscription, isFinal, readLogsOf } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { waitFor } from './support/wait-for';

const harness = useDeliveryHarness({
  ALLOW_PRIVATE_TARGETS: 'false',
  DELIVERY_POLL_MS: '20',
  DELIVERY_TIMEOUT_MS: '2000',
});

describe('SSRF guard', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${harness.receiver.port}/`],
    ['private network', () => 'http://10.0.0.1/hook'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => `http://[::1]:${harness.receiver.port}/`],
    ['a name resolving to loopback', () => `http://localhost:${harness.receiver.port}/`],
  ])(
    'When the target is %s and private targets are not allowed, then the delivery is FAILED without retry',
    async (_label, target) => {
      const event = await insertEvent(harness.t.ctx, harness.app.id);
      await insertSubscription(harness.t.ctx, event.id, { targetUrl: target() });
      const response = await harness.t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': harness.app.apiKey },
        body: { eventType: event.alias, applicationId: harness.app.id, data: { a: 1 } },
      });
      expect(response.status).toBe(202);
      const [log] = await waitFor(async () => {
        const rows = await readLogsOf(harness.t.ctx, response.body.occurrenceId);
        return rows.every((row) => isFinal(row.status)) ? rows : null;
      });
      expect(log?.status).toBe('FAILED');
      expect(log?.attemptCount).toBe(1);
      expect(log?.errorMessage).toBe(BLOCKED_TARGET_MESSAGE);
      expect(harness.receiver.requests).toHaveLength(0);
    },
  );
});
