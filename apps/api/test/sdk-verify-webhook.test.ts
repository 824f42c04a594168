import { verifyWebhook } from '@wm/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import {
  insertEvent,
  insertSubscription,
  newSecret,
  type ReceivedRequest,
} from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { readVerificationCode } from './support/verification-code';
import { waitFor } from './support/wait-for';

const harness = useDeliveryHarness({ DELIVERY_POLL_MS: '20' });

async function deliver(path: string, input: { httpMethod?: string } = {}) {
  const event = await insertEvent(harness.t.ctx, harness.app.id);
  const subscription = await insertSubscription(harness.t.ctx, event.id, {
    targetUrl: `${harness.receiver.url}${path}`,
    ...input,
  });
  const response = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: event.alias, applicationId: harness.app.id, data: { pedido: 7, cliente: 'Zé' } },
  });
  expect(response.status).toBe(202);
  const request = await waitFor(() => harness.receiver.requests.find((r) => r.url === path), 10_000, path);
  return { secret: subscription.secret, request };
}

const verify = (secret: string, request: ReceivedRequest, options?: Parameters<typeof verifyWebhook>[3]) =>
  readVerificationCode(() => verifyWebhook(secret, request.headers, request.body, options));

describe('verifyWebhook on deliveries made by the server', () => {
  it('When a delivery arrives, then verifyWebhook with the subscription secret answers its id and payload', async () => {
    const { secret, request } = await deliver('/sdk-post');
    const verified = verifyWebhook(secret, request.headers, request.body);
    expect(verified.id).toBe(request.headers['webhook-id']);
    expect(verified.payload).toEqual({ pedido: 7, cliente: 'Zé' });
    expect(Math.abs(verified.timestamp.getTime() - request.receivedAt)).toBeLessThan(5_000);
    expect(verifyWebhook(secret, request.headers, Buffer.from(request.body)).id).toBe(verified.id);
  });

  it('When the body, the secret or the clock do not match, then verifyWebhook refuses the delivery', async () => {
    const { secret, request } = await deliver('/sdk-refused');
    expect(verify(secret, { ...request, body: request.body.replace('7', '8') })).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(verify(newSecret(), request)).toBe('WEBHOOK_SIGNATURE_INVALID');
    // Replayed six minutes later, past the default five-minute window.
    const replayedAt = () => new Date(request.receivedAt + 6 * 60_000);
    expect(verify(secret, request, { now: replayedAt })).toBe('WEBHOOK_TIMESTAMP_TOO_OLD');
    expect(verify(secret, request, { now: replayedAt, toleranceSeconds: 10 * 60 })).toBe('VERIFIED');
  });

  it('When the delivery is a GET without a body, then its signature over the empty body verifies', async () => {
    const { secret, request } = await deliver('/sdk-get', { httpMethod: 'GET' });
    expect(request.method).toBe('GET');
    expect(verifyWebhook(secret, request.headers, request.body).payload).toBeUndefined();
  });
});
