import { RESERVED_HEADER_MESSAGE } from '@wm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema';
import { insertEvent, insertSubscription, isFinal, readLogsOf } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createEvent, createSubscription } from './support/event-fixtures';
import { waitFor } from './support/wait-for';

const harness = useDeliveryHarness({ DELIVERY_POLL_MS: '20' });

describe('API key headers that steer the HTTP message', () => {
  it('When a subscription, an event callback or an application callback names host, content-length or another framing header, then 400 and nothing is saved', async () => {
    const appId = harness.app.id;
    const event = await createEvent(harness.t, appId);
    const base = { eventId: event.id, name: 'Cabeçalho', targetUrl: 'https://example.com/h', jsonBody: {} };
    for (const key of ['Host', 'content-length', 'Transfer-Encoding', 'connection', 'proxy-authorization']) {
      const created = await harness.t.post('/v1/subscriptions', {
        body: { ...base, authType: 'API_KEY', authDetails: { key, value: 'x' } },
      });
      expect(created.status, key).toBe(400);
      expect(created.body.error, key).toBe(RESERVED_HEADER_MESSAGE);
      expect(created.body.details, key).toContainEqual({
        path: 'authDetails.key',
        message: RESERVED_HEADER_MESSAGE,
      });
    }
    expect(
      await harness.t.ctx.db.select().from(subscriptions).where(eq(subscriptions.name, 'Cabeçalho')),
    ).toEqual([]);

    const saved = await createSubscription(harness.t, event.id, {
      authType: 'API_KEY',
      authDetails: { key: 'X-Partner-Key', value: 'pk' },
    });
    const updated = await harness.t.put(`/v1/subscriptions/${saved.id}`, {
      body: { ...base, authType: 'API_KEY', authDetails: { key: 'host', value: 'evil.example' } },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error).toBe(RESERVED_HEADER_MESSAGE);
    expect((await harness.t.get(`/v1/subscriptions/${saved.id}`)).body.data.authDetails.key).toBe(
      'X-Partner-Key',
    );

    const callbackEvent = await harness.t.post('/v1/events', {
      body: {
        applicationId: appId,
        name: 'Com retorno',
        alias: 'com.retorno',
        enableCallbacks: true,
        callbackUrl: 'https://example.com/cb',
        callbackAuthType: 'API_KEY',
        callbackAuthDetails: { key: 'TE', value: 'trailers' },
      },
    });
    expect(callbackEvent.status).toBe(400);
    expect(callbackEvent.body.error).toBe(RESERVED_HEADER_MESSAGE);

    const application = await harness.t.put(`/v1/applications/${appId}`, {
      body: {
        name: 'App',
        callbackUrl: 'https://example.com/cb',
        callbackAuthType: 'API_KEY',
        callbackAuthDetails: { key: 'Upgrade', value: 'websocket' },
      },
    });
    expect(application.status).toBe(400);
    expect(application.body.error).toBe(RESERVED_HEADER_MESSAGE);
  });

  it('When a subscription stored before the rule names such a header, then the delivery goes out without it', async () => {
    const { app } = harness;
    const event = await insertEvent(harness.t.ctx, app.id);
    for (const [path, key, value] of [
      ['/host', 'Host', 'evil.example'],
      ['/length', 'Content-Length', '1'],
      ['/encoding', 'transfer-encoding', 'chunked'],
      ['/connection', 'Connection', 'close'],
    ] as const) {
      await insertSubscription(harness.t.ctx, event.id, {
        targetUrl: `${harness.receiver.url}${path}`,
        authType: 'API_KEY',
        authDetails: { key, value },
      });
    }
    const emitted = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { pedido: 1 } },
    });
    expect(emitted.status).toBe(202);
    const logs = await waitFor(async () => {
      const found = await readLogsOf(harness.t.ctx, emitted.body.occurrenceId);
      return found.length === 4 && found.every((log) => isFinal(log.status)) ? found : null;
    });
    expect(logs.map((log) => log.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(harness.receiver.requests.map((request) => request.url).sort()).toEqual([
      '/connection',
      '/encoding',
      '/host',
      '/length',
    ]);
    for (const request of harness.receiver.requests) {
      expect(request.headers.host, request.url).toBe(`127.0.0.1:${harness.receiver.port}`);
      expect(request.headers['transfer-encoding'], request.url).toBeUndefined();
      expect(request.headers['content-length'], request.url).toBe(String(Buffer.byteLength(request.body)));
      expect(request.body, request.url).toContain('"pedido":1');
    }
  });
});
