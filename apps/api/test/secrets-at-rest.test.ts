import { verifyWebhook } from '@wm/sdk/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { rotateSecretKey } from '../src/db/check-secret-key';
import { applications, subscriptions } from '../src/db/schema';
import { type DeliveryEngine, startDeliveryEngine } from '../src/delivery/engine';
import { StartRefusedError } from '../src/lib/start-refused';
import { loadIngestTargetById } from '../src/modules/ingest/ingest-targets';
import {
  insertEvent,
  insertSubscription,
  newSecret,
  type Receiver,
  startReceiver,
} from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { makeTestCertificates } from './support/test-certificates';
import { waitFor } from './support/wait-for';

const KEY = 'test-secret-key-with-at-least-32-characters';
const NEW_KEY = 'rotated-secret-key-with-at-least-32-characters';

/** Every row of every table of the database, as JSON text: what a dump would hold. */
async function dumpDatabase(t: TestApp): Promise<string> {
  const tables = await t.ctx.database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['applications', 'events', 'subscriptions', 'delivery_logs']),
  );
  const rows = await Promise.all(
    tables.map((table) =>
      t.ctx.database.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table.name}" t`),
    ),
  );
  return rows
    .flat()
    .map((row) => row.row)
    .join('\n');
}

const certificates = makeTestCertificates();
/** The longest line of a PEM: JSON escapes its line breaks, so a whole PEM would never be found as is. */
const longestLine = (pem: string) => pem.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');

const cleartextIn = (dump: string, secrets: string[]) => secrets.filter((secret) => dump.includes(secret));

describe('secrets at rest', () => {
  let t: TestApp;
  let engine: DeliveryEngine;
  let receiver: Receiver;
  const clear = {
    bearer: 'token-bearer-0f9a8b7c6d5e4f3a2b1c',
    password: 'senha-basica-9e8d7c6b5a4f',
    headerValue: 'valor-da-chave-5a6b7c8d9e0f',
    eventCallbackValue: 'callback-evento-1a2b3c4d5e6f',
    appCallbackPassword: 'callback-app-senha-7f8e9d0c',
    proxyPassword: 'proxy-da-app-senha-3c4d5e6f',
    routeSecret: 'segredo-github-3c4d5e6f7a8b9c',
    oauth2ClientSecret: 'client-secret-oauth2-4b5c6d7e8f',
    clientKeyLine: longestLine(certificates.encryptedClientKey),
    clientKeyPassphrase: certificates.passphrase,
  };
  let routeId: string;
  let application: { id: string; apiKey: string };
  let eventAlias: string;
  const subscriptionIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DELIVERY_POLL_MS: '20', SECRET_KEY: KEY });
    engine = startDeliveryEngine(t.ctx);
    receiver = await startReceiver();
    const created = await t.post('/v1/applications', { body: { name: 'Cofre' } });
    expect(created.status).toBe(201);
    application = { id: created.body.data.id, apiKey: created.body.data.apiKey };
    const updated = await t.put(`/v1/applications/${application.id}`, {
      body: {
        name: 'Cofre',
        callbackUrl: `${receiver.url}/app-callback`,
        callbackAuthType: 'BASIC',
        callbackAuthDetails: { username: 'cofre', password: clear.appCallbackPassword },
        // Its own proxy, excluded for the receiver's host: the password is stored, nothing goes through it.
        outboundProxy: {
          url: `http://cofre:${clear.proxyPassword}@proxy.example.com:3128`,
          exclude: ['127.0.0.1'],
        },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.outboundProxy.url).toBe('http://cofre:••••••@proxy.example.com:3128/');
    const event = await t.post('/v1/events', {
      body: {
        applicationId: application.id,
        name: 'Pedido',
        alias: 'pedido.pago',
        enableCallbacks: true,
        callbackUrl: `${receiver.url}/event-callback`,
        callbackAuthType: 'API_KEY',
        callbackAuthDetails: { key: 'x-callback-key', value: clear.eventCallbackValue },
      },
    });
    expect(event.status).toBe(201);
    eventAlias = event.body.data.alias;
    const auths = [
      { path: '/bearer', authType: 'BEARER', authDetails: { token: clear.bearer } },
      { path: '/basic', authType: 'BASIC', authDetails: { username: 'joana', password: clear.password } },
      { path: '/api-key', authType: 'API_KEY', authDetails: { key: 'x-chave', value: clear.headerValue } },
    ];
    const route = await t.post('/v1/routes', {
      body: {
        applicationId: application.id,
        name: 'GitHub',
        endpoint: '/github',
        verification: { type: 'GITHUB', secret: clear.routeSecret },
      },
    });
    expect(route.status).toBe(201);
    routeId = route.body.data.id;
    for (const auth of auths) {
      const subscription = await t.post('/v1/subscriptions', {
        body: {
          eventId: event.body.data.id,
          name: `Assinatura ${auth.path}`,
          targetUrl: `${receiver.url}${auth.path}`,
          authType: auth.authType,
          authDetails: auth.authDetails,
          jsonBody: { data: '#data#' },
        },
      });
      expect(subscription.status).toBe(201);
      subscriptionIds.push(subscription.body.data.id);
    }
    // OAuth2 and mutual TLS: their secrets are sealed too (not delivered here: no token endpoint).
    const guarded = await t.post('/v1/subscriptions', {
      body: {
        eventId: event.body.data.id,
        name: 'OAuth2 e mTLS',
        targetUrl: 'https://erp.example.com/hooks',
        status: 'INACTIVE',
        authType: 'OAUTH2_CLIENT_CREDENTIALS',
        authDetails: {
          tokenUrl: 'https://auth.example.com/token',
          clientId: 'cofre',
          clientSecret: clear.oauth2ClientSecret,
        },
        clientTls: {
          certificate: certificates.client.cert,
          privateKey: certificates.encryptedClientKey,
          passphrase: clear.clientKeyPassphrase,
        },
        jsonBody: { data: '#data#' },
      },
    });
    expect(guarded.status).toBe(201);
    // Write-only: not even its editor reads the client secret back.
    expect(guarded.body.data.authDetails.clientSecret).toBe('••••••');
  });

  afterAll(async () => {
    await engine?.stop();
    await receiver?.close();
    await t?.close();
  });

  /** The signing secrets as their editors see them (revealed). */
  async function revealedSigningSecrets(): Promise<string[]> {
    const secrets: string[] = [];
    for (const id of subscriptionIds) {
      const response = await t.get(`/v1/subscriptions/${id}`);
      expect(response.status).toBe(200);
      expect(response.body.data.secret).toMatch(/^whsec_/);
      secrets.push(response.body.data.secret);
    }
    return secrets;
  }

  const allClearValues = (signingSecrets: string[]) => [
    ...Object.values(clear),
    ...signingSecrets,
    ...signingSecrets.map((secret) => secret.slice('whsec_'.length)),
    application.apiKey,
  ];

  it('When secrets of every kind are saved, then a dump of every table holds none of them in clear, and editors still read them', async () => {
    const signingSecrets = await revealedSigningSecrets();
    expect(cleartextIn(await dumpDatabase(t), allClearValues(signingSecrets))).toEqual([]);

    const subscription = await t.get(`/v1/subscriptions/${subscriptionIds[0]}`);
    expect(subscription.body.data.authDetails).toEqual({ token: clear.bearer });
    const app = await t.get(`/v1/applications/${application.id}`);
    expect(app.body.data.callbackAuthDetails).toEqual({
      username: 'cofre',
      password: clear.appCallbackPassword,
    });
    const apiKey = await t.get(`/v1/applications/${application.id}/api-key`);
    expect(apiKey.body.apiKey).toBe(application.apiKey);
  });

  it('When an event is emitted, then each delivery verifies with its revealed secret and carries its credential', async () => {
    const signingSecrets = await revealedSigningSecrets();
    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': application.apiKey },
      body: { eventType: eventAlias, applicationId: application.id, data: { pedido: 1 } },
    });
    expect(emitted.status).toBe(202);
    const paths = ['/bearer', '/basic', '/api-key'];
    for (const [index, path] of paths.entries()) {
      const request = await waitFor(() => receiver.requests.find((r) => r.url === path), 10_000, path);
      const secret = signingSecrets[index] ?? '';
      expect(verifyWebhook(secret, request.headers, request.body).payload).toEqual({ data: { pedido: 1 } });
    }
    const header = (path: string, name: string) =>
      receiver.requests.find((r) => r.url === path)?.headers[name];
    expect(header('/bearer', 'authorization')).toBe(`Bearer ${clear.bearer}`);
    expect(header('/basic', 'authorization')).toBe(
      `Basic ${Buffer.from(`joana:${clear.password}`).toString('base64')}`,
    );
    expect(header('/api-key', 'x-chave')).toBe(clear.headerValue);
    const callback = await waitFor(
      () => receiver.requests.find((r) => r.url === '/event-callback'),
      10_000,
      'callback',
    );
    expect(callback.headers['x-callback-key']).toBe(clear.eventCallbackValue);
  });

  it('When a database has secrets stored in clear before this release, then the next start encrypts them all and deliveries still verify', async () => {
    const legacyApp = await t.post('/v1/applications', { body: { name: 'Legado' } });
    await t.ctx.db
      .update(applications)
      .set({
        callbackSecret: null,
        callbackAuthType: 'BEARER',
        callbackAuthDetails: { token: 'legado-app-token' },
      })
      .where(eq(applications.id, legacyApp.body.data.id));
    const event = await insertEvent(t.ctx, legacyApp.body.data.id, {
      callbackAuthType: 'BASIC',
      callbackAuthDetails: { username: 'u', password: 'legado-evento-senha' },
    });
    const legacySecret = newSecret();
    const legacy = await insertSubscription(t.ctx, event.id, {
      targetUrl: `${receiver.url}/legacy`,
      secret: legacySecret,
      authType: 'BEARER',
      authDetails: { token: 'legado-assinatura-token' },
    });
    const legacyValues = ['legado-app-token', 'legado-evento-senha', 'legado-assinatura-token', legacySecret];
    expect(cleartextIn(await dumpDatabase(t), legacyValues)).toEqual(legacyValues);

    // A second process starting on the same database; a third one finds nothing left to do.
    await createContext(testConfig({ SECRET_KEY: KEY, DATA_DIR: t.ctx.config.DATA_DIR }), t.ctx.database);
    await createContext(testConfig({ SECRET_KEY: KEY, DATA_DIR: t.ctx.config.DATA_DIR }), t.ctx.database);
    expect(cleartextIn(await dumpDatabase(t), legacyValues)).toEqual([]);
    const [stored] = await t.ctx.db
      .select({ callbackSecret: applications.callbackSecret })
      .from(applications)
      .where(eq(applications.id, legacyApp.body.data.id));
    expect(stored?.callbackSecret).toMatch(/^wmenc1:/);

    const revealed = await t.get(`/v1/subscriptions/${legacy.id}`);
    expect(revealed.body.data.secret).toBe(legacySecret);
    expect(revealed.body.data.authDetails).toEqual({ token: 'legado-assinatura-token' });
    const emitted = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': legacyApp.body.data.apiKey },
      body: { eventType: event.alias, applicationId: legacyApp.body.data.id, data: { legado: true } },
    });
    expect(emitted.status).toBe(202);
    const request = await waitFor(() => receiver.requests.find((r) => r.url === '/legacy'), 10_000, 'legacy');
    expect(verifyWebhook(legacySecret, request.headers, request.body).payload).toEqual({ legado: true });
    expect(request.headers.authorization).toBe('Bearer legado-assinatura-token');
  });

  it('When SECRET_KEY is rotated, then every secret reads the same under the new key, the old key is refused at start, and nothing is in clear', async () => {
    const signingSecrets = await revealedSigningSecrets();
    await expect(
      rotateSecretKey(t.ctx.database, 'not-the-key-of-this-database-at-all!', NEW_KEY),
    ).rejects.toThrow(/não é a SECRET_KEY/);
    const before = await t.ctx.db.select({ secret: subscriptions.secret }).from(subscriptions);

    const counts = await rotateSecretKey(t.ctx.database, KEY, NEW_KEY);
    expect(counts['applications.api_key_encrypted']).toBeGreaterThanOrEqual(2);
    expect(counts['subscriptions.secret']).toBe(before.length);

    const dataDir = t.ctx.config.DATA_DIR;
    await expect(
      createContext(testConfig({ SECRET_KEY: KEY, DATA_DIR: dataDir }), t.ctx.database),
    ).rejects.toThrow(StartRefusedError);
    const rotated = await createContext(
      testConfig({ SECRET_KEY: NEW_KEY, DATA_DIR: dataDir }),
      t.ctx.database,
    );
    t.ctx.cipher = rotated.cipher;
    expect(await revealedSigningSecrets()).toEqual(signingSecrets);
    const apiKey = await t.get(`/v1/applications/${application.id}/api-key`);
    expect(apiKey.body.apiKey).toBe(application.apiKey);
    const subscription = await t.get(`/v1/subscriptions/${subscriptionIds[1]}`);
    expect(subscription.body.data.authDetails).toEqual({ username: 'joana', password: clear.password });
    expect(counts['routes.verification']).toBe(1);
    expect((await loadIngestTargetById(t.ctx, routeId))?.verification).toEqual({
      type: 'GITHUB',
      secret: clear.routeSecret,
    });
    expect(cleartextIn(await dumpDatabase(t), allClearValues(signingSecrets))).toEqual([]);
  });
});
