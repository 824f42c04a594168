import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttempts, subscriptions } from '../src/db/schema';
import { endedDelivery, insertEvent } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import { makeTestCertificates } from './support/test-certificates';

const clock = createFakeClock();
const certificates = makeTestCertificates();
const harness = useDeliveryHarness({ DELIVERY_POLL_MS: '20', DELIVERY_SWEEP_MS: '50' }, undefined, { clock });

/** An HTTPS receiver on 127.0.0.1 that only talks to clients with a certificate from the test CA. */
const receiver = { url: '', server: null as Server | null, subjects: [] as string[] };

beforeAll(async () => {
  const server = createServer(
    {
      cert: certificates.server.cert,
      key: certificates.server.key,
      ca: certificates.ca.cert,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      receiver.subjects.push(String(peer.subject?.CN ?? ''));
      request.resume();
      request.on('end', () => response.writeHead(200).end('ok'));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.server = server;
  receiver.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise<void>((resolve) => receiver.server?.close(() => resolve()));
});

async function createSubscription(path: string, clientTls: Record<string, string> | null) {
  const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 0 });
  const response = await harness.t.post('/v1/subscriptions', {
    body: {
      eventId: event.id,
      name: `mTLS ${path}`,
      targetUrl: `${receiver.url}${path}`,
      jsonBody: '{"id": "#eventId#"}',
      ...(clientTls ? { clientTls } : {}),
    },
  });
  return { event, response };
}

const emitAndSettle = async (alias: string) => {
  const emitted = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: alias, applicationId: harness.app.id, data: { n: 1 } },
  });
  expect(emitted.status).toBe(202);
  const log = await endedDelivery(harness.t.ctx, emitted.body.occurrenceId);
  const [attempt] = await harness.t.ctx.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryLogId, log.id));
  return { log, attempt };
};

const rightCertificate = () => ({
  certificate: certificates.client.cert,
  privateKey: certificates.client.key,
  caBundle: certificates.ca.cert,
});

describe('mutual TLS', () => {
  it('When a subscription carries the right client certificate, then the HTTPS receiver accepts it and the answer shows its subject, never the key', async () => {
    const { event, response } = await createSubscription('/right', rightCertificate());
    expect(response.status).toBe(201);
    expect(response.body.data.clientTls).toMatchObject({ hasCaBundle: true });
    expect(response.body.data.clientTls.subject).toContain('CN=webhook-manager');
    expect(Date.parse(response.body.data.clientTls.validTo)).toBeGreaterThan(clock().getTime());
    expect(JSON.stringify(response.body)).not.toContain('PRIVATE KEY');
    const [row] = await harness.t.ctx.db
      .select({ clientTls: subscriptions.clientTls })
      .from(subscriptions)
      .where(eq(subscriptions.id, response.body.data.id));
    expect(row?.clientTls?.privateKey.startsWith('wmenc1:')).toBe(true);

    const { log } = await emitAndSettle(event.alias);
    expect(log.status).toBe('SUCCESS');
    expect(receiver.subjects.at(-1)).toBe('webhook-manager');
  });

  it('When the key is encrypted, then it is saved with its passphrase and the receiver accepts the certificate', async () => {
    const { event, response } = await createSubscription('/encrypted', {
      ...rightCertificate(),
      privateKey: certificates.encryptedClientKey,
      passphrase: certificates.passphrase,
    });
    expect(response.status).toBe(201);
    expect((await emitAndSettle(event.alias)).log.status).toBe('SUCCESS');
  });

  it('When a subscription has no client certificate, then the attempt fails with the TLS reason', async () => {
    // Trusting the test CA needs a CA bundle, which comes with a certificate: save one, then remove it.
    const { event, response } = await createSubscription('/none', rightCertificate());
    const removed = await harness.t.put(`/v1/subscriptions/${response.body.data.id}`, {
      body: { clientTls: null },
    });
    expect(removed.body.data.clientTls).toBeNull();
    const { log, attempt } = await emitAndSettle(event.alias);
    expect(log.status).toBe('FAILED');
    // Without the CA the receiver's certificate is not trusted either: the TLS handshake is what failed.
    expect(attempt?.errorMessage).toMatch(/^Falha de TLS: /);
  });

  it('When the client certificate comes from another CA, then the receiver refuses the handshake and the attempt fails', async () => {
    const { event, response } = await createSubscription('/stranger', {
      certificate: certificates.stranger.cert,
      privateKey: certificates.stranger.key,
      caBundle: certificates.ca.cert,
    });
    expect(response.status).toBe(201);
    const { log, attempt } = await emitAndSettle(event.alias);
    expect(log.status).toBe('FAILED');
    expect(attempt?.httpStatusCode).toBeNull();
    expect(attempt?.errorMessage).toMatch(/^Falha de (TLS|conexão): /);
  });

  it('When the certificate, key or passphrase is wrong, then saving answers 400 in pt-BR and stores nothing', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [
        { ...rightCertificate(), certificate: 'texto qualquer' },
        'Certificado do cliente deve estar no formato PEM',
      ],
      [
        {
          ...rightCertificate(),
          certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
        },
        'Certificado do cliente inválido: não foi possível ler o PEM',
      ],
      [
        { ...rightCertificate(), privateKey: certificates.stranger.key },
        'A chave privada não corresponde ao certificado do cliente',
      ],
      [
        { ...rightCertificate(), privateKey: certificates.encryptedClientKey, passphrase: 'errada' },
        'Chave privada inválida ou senha da chave incorreta',
      ],
    ];
    const before = (await harness.t.ctx.db.select({ id: subscriptions.id }).from(subscriptions)).length;
    for (const [clientTls, message] of cases) {
      const { response } = await createSubscription('/invalid', clientTls);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect((await harness.t.ctx.db.select({ id: subscriptions.id }).from(subscriptions)).length).toBe(before);
  });

  // Last: it moves the clock two days on.
  it('When the certificate has expired, then saving answers 400 with its expiry date', async () => {
    clock.advance(2 * 24 * 3_600_000);
    const { response } = await createSubscription('/expired', {
      certificate: certificates.shortLived.cert,
      privateKey: certificates.shortLived.key,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Certificado do cliente expirado em \d{2}\/\d{2}\/\d{4}$/);
  });
});
