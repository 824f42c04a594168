import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeliveryEngine, startDeliveryEngine } from '../src/delivery/engine';
import { type Receiver, startReceiver } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the log of a failed event callback', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let engine: DeliveryEngine;
  let receiver: Receiver;
  let application: { id: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp({ DELIVERY_POLL_MS: '20', LOG_LEVEL: 'info' }, { logLines });
    engine = startDeliveryEngine(t.ctx);
    receiver = await startReceiver((request) => (request.url === '/callback' ? { status: 503 } : {}));
    const created = await t.post('/v1/applications', { body: { name: 'Relatórios' } });
    application = { id: created.body.data.id, apiKey: created.body.data.apiKey };
  });

  afterAll(async () => {
    await engine?.stop();
    await receiver?.close();
    await t?.close();
  });

  /** An event whose callbacks go to `callbackUrl`, one subscription, one emit: the callback's log line. */
  async function callbackLogFor(alias: string, callbackUrl: string) {
    const event = await t.post('/v1/events', {
      body: { applicationId: application.id, name: alias, alias, enableCallbacks: true, callbackUrl },
    });
    expect(event.status).toBe(201);
    await t.post('/v1/subscriptions', {
      body: { eventId: event.body.data.id, name: 'ERP', targetUrl: `${receiver.url}/delivery` },
    });
    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': application.apiKey },
      body: { eventType: alias, applicationId: application.id, data: { n: 1 } },
    });
    expect(emitted.status).toBe(202);
    const line = await waitFor(
      () => logLines.find((text) => text.includes('event callback') && text.includes(emitted.body.eventId)),
      10_000,
      'callback log line',
    );
    return JSON.parse(line) as Record<string, unknown>;
  }

  it('When the callback URL answers 503, then the log line says so', async () => {
    const logged = await callbackLogFor('nota.recusada', `${receiver.url}/callback`);
    expect(logged.httpStatusCode).toBe(503);
    expect(logged.reason).toBe('Resposta HTTP 503');
    expect(JSON.stringify(logged)).not.toContain('{"type":"string"}');
  });

  it('When nothing listens at the callback URL, then the log line keeps the network error', async () => {
    const logged = await callbackLogFor(
      'nota.sem.destino',
      `http://127.0.0.1:${await closedPort()}/callback`,
    );
    expect(logged.httpStatusCode).toBeNull();
    expect(logged.reason).toBe('Falha de conexão: ECONNREFUSED');
  });
});
