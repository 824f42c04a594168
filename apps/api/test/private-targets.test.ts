import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const REFUSAL = 'O destino aponta para um endereço privado ou reservado; use um endereço público';

/** Targets no saved webhook may point at without ALLOW_PRIVATE_TARGETS. */
const PRIVATE_TARGETS = [
  ['loopback', 'http://127.0.0.1:9/hook'],
  ['a private network', 'http://10.1.2.3/hook'],
  ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data'],
  ['TEST-NET-1', 'http://192.0.2.10/hook'],
  ['TEST-NET-3', 'https://203.0.113.7/hook'],
  ['IPv6 loopback', 'http://[::1]:8080/hook'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook'],
  ['a name that resolves to loopback', 'http://localhost:9/hook'],
  ['localhost as a fully qualified name (trailing dot)', 'http://localhost.:3399/'],
  ['localhost in capitals', 'http://LocalHost.:3399/hook'],
  ['a name under localhost', 'http://foo.localhost/'],
  ['a name under localhost, in capitals, with a trailing dot', 'http://Api.FOO.LOCALHOST.:8080/hook'],
] as const;

/** Loopback by definition (RFC 6761) whatever a resolver answers: none of these resolves here. */
const LOOPBACK_NAMES = ['http://localhost.:3399/', 'http://foo.localhost/cb', 'http://A.LocalHost./cb'];

const BODY = { data: '#data#' };

let t: TestApp;
let applicationId: string;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'false' });
  const application = await t.post('/v1/applications', { body: { name: 'Alvos' } });
  applicationId = application.body.data.id;
  const event = await t.post('/v1/events', {
    body: { applicationId, name: 'Pedido criado', alias: 'pedido.criado' },
  });
  eventId = event.body.data.id;
});

afterAll(async () => {
  await t.close();
});

const expectRefusal = (answer: { status: number; body: unknown }, path: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({
    error: REFUSAL,
    code: 'VALIDATION_ERROR',
    details: [{ path, message: REFUSAL }],
  });
};

describe('targets checked when saved', () => {
  it.each(PRIVATE_TARGETS)(
    'When a subscription is created for %s, then 400 and nothing is saved',
    async (_label, url) => {
      const answer = await t.post('/v1/subscriptions', {
        body: { eventId, name: 'Interna', targetUrl: url, jsonBody: BODY },
      });
      expectRefusal(answer, 'targetUrl');
      const listed = await t.get(`/v1/subscriptions?applicationId=${applicationId}&limit=100`);
      expect(listed.body.data.map((item: { targetUrl: string }) => item.targetUrl)).not.toContain(url);
    },
  );

  it('When an OAuth2 token URL points at a private address, then 400 on create and on edit, and nothing changes', async () => {
    const oauth2 = (tokenUrl: string) => ({
      authType: 'OAUTH2_CLIENT_CREDENTIALS',
      authDetails: { tokenUrl, clientId: 'erp', clientSecret: 'segredo-do-cliente' },
    });
    const body = { eventId, name: 'OAuth2 interno', targetUrl: 'https://93.184.216.34/hook', jsonBody: BODY };
    expectRefusal(
      await t.post('/v1/subscriptions', { body: { ...body, ...oauth2('http://169.254.169.254/token') } }),
      'authDetails.tokenUrl',
    );
    const created = await t.post('/v1/subscriptions', {
      body: { ...body, ...oauth2('https://93.184.216.34/token') },
    });
    expect(created.status).toBe(201);
    // Write-only: the secret is masked even for its editor; sent back masked, it is kept.
    expect(created.body.data.authDetails).toEqual({
      tokenUrl: 'https://93.184.216.34/token',
      clientId: 'erp',
      clientSecret: '••••••',
      authMethod: 'client_secret_basic',
    });
    const id = created.body.data.id;
    expectRefusal(
      await t.put(`/v1/subscriptions/${id}`, {
        body: { authDetails: { ...created.body.data.authDetails, tokenUrl: 'http://localhost:9/token' } },
      }),
      'authDetails.tokenUrl',
    );
    const kept = await t.put(`/v1/subscriptions/${id}`, {
      body: { authDetails: { ...created.body.data.authDetails, scope: 'webhooks' } },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.authDetails).toMatchObject({ scope: 'webhooks', clientSecret: '••••••' });
    const stored = await t.ctx.database.query<{ secret: string }>(
      `SELECT auth_details->>'clientSecret' AS secret FROM subscriptions WHERE id = $1`,
      [id],
    );
    expect(t.ctx.cipher.open(stored[0]?.secret ?? '')).toBe('segredo-do-cliente');
  });

  it('When a subscription is edited to point at a private address, then 400 and its target is unchanged', async () => {
    const created = await t.post('/v1/subscriptions', {
      body: { eventId, name: 'Pública', targetUrl: 'https://93.184.216.34/hook', jsonBody: BODY },
    });
    expect(created.status).toBe(201);
    expectRefusal(
      await t.put(`/v1/subscriptions/${created.body.data.id}`, {
        body: { targetUrl: 'http://192.168.0.10/' },
      }),
      'targetUrl',
    );
    expect((await t.get(`/v1/subscriptions/${created.body.data.id}`)).body.data.targetUrl).toBe(
      'https://93.184.216.34/hook',
    );
  });

  it("When an application's callback URL is edited to a private one, then 400 and it is unchanged", async () => {
    expectRefusal(
      await t.put(`/v1/applications/${applicationId}`, { body: { callbackUrl: 'http://localhost/cb' } }),
      'callbackUrl',
    );
    expect((await t.get(`/v1/applications/${applicationId}`)).body.data.callbackUrl ?? null).toBeNull();
  });

  it("When an event's callback URL is private, then creating or editing it answers 400", async () => {
    expectRefusal(
      await t.post('/v1/events', {
        body: {
          applicationId,
          name: 'Com callback',
          alias: 'com.callback',
          enableCallbacks: true,
          callbackUrl: 'http://198.51.100.4/cb',
        },
      }),
      'callbackUrl',
    );
    expectRefusal(
      await t.put(`/v1/events/${eventId}`, {
        body: { enableCallbacks: true, callbackUrl: 'http://10.0.0.1/cb' },
      }),
      'callbackUrl',
    );
  });

  it.each(LOOPBACK_NAMES)(
    "When an application's or an event's callback URL is the loopback name %s, then 400 and nothing changes",
    async (url) => {
      expectRefusal(
        await t.put(`/v1/applications/${applicationId}`, { body: { callbackUrl: url } }),
        'callbackUrl',
      );
      expect((await t.get(`/v1/applications/${applicationId}`)).body.data.callbackUrl ?? null).toBeNull();
      expectRefusal(
        await t.post('/v1/events', {
          body: {
            applicationId,
            name: 'Local',
            alias: 'local.callback',
            enableCallbacks: true,
            callbackUrl: url,
          },
        }),
        'callbackUrl',
      );
      expectRefusal(
        await t.put(`/v1/events/${eventId}`, { body: { enableCallbacks: true, callbackUrl: url } }),
        'callbackUrl',
      );
      expect((await t.get(`/v1/events/${eventId}`)).body.data.callbackUrl ?? null).toBeNull();
    },
  );

  it('When a name does not resolve when saved, then it is accepted and left to the check when its socket connects', async () => {
    // A name that resolves nowhere today may resolve tomorrow (a record not published yet).
    const created = await t.post('/v1/subscriptions', {
      body: {
        eventId,
        name: 'Ainda sem DNS',
        targetUrl: 'https://hooks.example.invalid/hook',
        jsonBody: BODY,
      },
    });
    expect(created.status).toBe(201);
  });

  it('When a public address is saved, then it is accepted', async () => {
    const created = await t.post('/v1/subscriptions', {
      body: { eventId, name: 'Externa', targetUrl: 'https://8.8.8.8/hook', jsonBody: BODY },
    });
    expect(created.status).toBe(201);
  });
});

describe("'Testar webhook' and 'Testar Callback' on a private target", () => {
  it('When a subscription saved before the check points at loopback, then its test answers the refusal as an error', async () => {
    const { id } = await insertSubscription(t.ctx, eventId, { targetUrl: 'http://127.0.0.1:9/' });
    const answer = await t.post(`/v1/subscriptions/${id}/test`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: REFUSAL, code: 'VALIDATION_ERROR' });
  });

  it('When an event saved before the check calls back to loopback, then its test answers the refusal as an error', async () => {
    const event = await insertEvent(t.ctx, applicationId, {
      enableCallbacks: true,
      callbackUrl: 'http://127.0.0.1:9/cb',
    });
    const answer = await t.post(`/v1/events/${event.id}/test-callback`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: REFUSAL, code: 'VALIDATION_ERROR' });
  });
});
