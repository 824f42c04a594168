import { verifyWebhook } from '@wm/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeliveryEngine, startDeliveryEngine } from '../src/delivery/engine';
import { type ReceivedRequest, type Receiver, startReceiver } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { readVerificationCode } from './support/verification-code';
import { waitFor } from './support/wait-for';

describe('signed event callbacks', () => {
  let t: TestApp;
  let engine: DeliveryEngine;
  let receiver: Receiver;
  let application: { id: string; apiKey: string };
  let alias: string;

  beforeAll(async () => {
    t = await createTestApp({ DELIVERY_POLL_MS: '20' });
    engine = startDeliveryEngine(t.ctx);
    receiver = await startReceiver();
    const created = await t.post('/v1/applications', { body: { name: 'Relatórios' } });
    application = { id: created.body.data.id, apiKey: created.body.data.apiKey };
    const event = await t.post('/v1/events', {
      body: {
        applicationId: application.id,
        name: 'Nota emitida',
        alias: 'nota.emitida',
        enableCallbacks: true,
        callbackUrl: `${receiver.url}/callback`,
      },
    });
    expect(event.status).toBe(201);
    alias = event.body.data.alias;
    const subscription = await t.post('/v1/subscriptions', {
      body: {
        eventId: event.body.data.id,
        name: 'ERP',
        targetUrl: `${receiver.url}/delivery`,
        jsonBody: { data: '#data#' },
      },
    });
    expect(subscription.status).toBe(201);
  });

  afterAll(async () => {
    await engine?.stop();
    await receiver?.close();
    await t?.close();
  });

  /** Emits once and answers the callback the receiver gets for it. */
  async function emitAndReceiveCallback(): Promise<ReceivedRequest> {
    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': application.apiKey },
      body: { eventType: alias, applicationId: application.id, data: { nota: 1 } },
    });
    expect(emitted.status).toBe(202);
    const occurrenceId: string = emitted.body.eventId;
    return waitFor(
      () =>
        receiver.requests.find(
          (request) => request.url === '/callback' && request.body.includes(occurrenceId),
        ),
      10_000,
      'callback',
    );
  }

  it('When a callback arrives, then verifyWebhook with the revealed callback secret accepts it, and after a rotation the old secret no longer does', async () => {
    const revealed = await t.get(`/v1/applications/${application.id}/callback-secret`);
    expect(revealed.status).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    const secret: string = revealed.body.secret;
    expect(secret).toMatch(/^whsec_/);

    const first = await emitAndReceiveCallback();
    const verified = verifyWebhook(secret, first.headers, first.body);
    expect(verified.payload).toMatchObject({
      alias,
      deliveries: [{ status: 'SUCCESS', httpStatusCode: 200 }],
    });
    expect(verified.id).toBe((verified.payload as { occurrenceId: string }).occurrenceId);

    const rotated = await t.post(`/v1/applications/${application.id}/callback-secret/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    const revealedAgain = await t.get(`/v1/applications/${application.id}/callback-secret`);
    expect(revealedAgain.body.secret).toBe(rotated.body.secret);

    receiver.requests.length = 0;
    const second = await emitAndReceiveCallback();
    expect(readVerificationCode(() => verifyWebhook(secret, second.headers, second.body))).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(readVerificationCode(() => verifyWebhook(rotated.body.secret, second.headers, second.body))).toBe(
      'VERIFIED',
    );
  });

  it('When Testar Callback is asked, then the server sends a signed test report and answers what came back', async () => {
    const event = (await t.get(`/v1/events?applicationId=${application.id}`)).body.data[0];
    const secret = (await t.get(`/v1/applications/${application.id}/callback-secret`)).body.secret;
    receiver.requests.length = 0;
    receiver.reply = (request) =>
      request.url === '/callback' ? { status: 202, body: '{"recebido":true}' } : { status: 200 };
    const answer = await t.post(`/v1/events/${event.id}/test-callback`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      httpStatusCode: 202,
      responseBody: '{"recebido":true}',
      error: null,
    });
    const [sent] = receiver.requests.filter((request) => request.url === '/callback');
    const verified = verifyWebhook(secret, sent?.headers ?? {}, sent?.body ?? '');
    expect(verified.payload).toMatchObject({ test: true, eventId: event.id, alias, deliveries: [] });

    receiver.reply = () => ({ status: 500, body: 'fora do ar' });
    const failed = await t.post(`/v1/events/${event.id}/test-callback`);
    expect(failed.body).toMatchObject({ success: false, httpStatusCode: 500, error: 'Resposta HTTP 500' });
    receiver.reply = () => ({});

    const reader = await t.createUser();
    await t.post(`/v1/applications/${application.id}/members`, {
      body: { email: reader.email, canRead: true },
    });
    const asReader = await t.post(`/v1/events/${event.id}/test-callback`, { token: reader.token });
    expect([403, 404]).toContain(asReader.status);
    const stranger = await t.createUser();
    expect((await t.post(`/v1/events/${event.id}/test-callback`, { token: stranger.token })).status).toBe(
      404,
    );
    const before = receiver.requests.length;
    const withoutCallback = await t.post('/v1/events', {
      body: {
        applicationId: application.id,
        name: 'Sem callback',
        alias: 'sem.callback',
        enableCallbacks: false,
      },
    });
    const refused = await t.post(`/v1/events/${withoutCallback.body.data.id}/test-callback`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Callback não habilitado ou URL não configurada');
    expect(receiver.requests.length).toBe(before);
  });
});
