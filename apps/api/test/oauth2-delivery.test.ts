import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryAttempts } from '../src/db/schema';
import { sealAuthDetails } from '../src/lib/sealed-auth-details';
import { deliveryWithStatus, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';

const clock = createFakeClock();
const RETRY_DELAY_MS = 60_000;

/** A token endpoint on 127.0.0.1: hands out numbered tokens to the right client, records each request. */
type TokenRequest = { authorization: string | undefined; form: URLSearchParams };
const tokenServer = {
  requests: [] as TokenRequest[],
  issued: [] as string[],
  /** What it answers next: a token with this lifetime, or an error. */
  mode: { kind: 'token', expiresIn: 3600 } as
    | { kind: 'token'; expiresIn: number }
    | { kind: 'error'; status: number; error: string },
  url: '',
  server: null as Server | null,
};

/** Tokens the receiver accepts; a test may revoke one (the receiver then answers 401 to it). */
const revoked = new Set<string>();

const harness = useDeliveryHarness(
  {
    DELIVERY_RETRY_DELAYS_MS: String(RETRY_DELAY_MS),
    DELIVERY_POLL_MS: '20',
    DELIVERY_SWEEP_MS: '50',
    DELIVERY_CIRCUIT_FAILURES: '1000',
  },
  (request) => {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const isValid = tokenServer.issued.includes(token) && !revoked.has(token);
    return isValid ? { status: 200 } : { status: 401, body: 'token inválido' };
  },
  { clock },
);

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    tokenServer.requests.push({ authorization: request.headers.authorization, form });
    const mode = tokenServer.mode;
    response.setHeader('content-type', 'application/json');
    if (mode.kind === 'error') {
      response.writeHead(mode.status).end(JSON.stringify({ error: mode.error }));
      return;
    }
    const token = `token-${tokenServer.issued.length + 1}`;
    tokenServer.issued.push(token);
    response
      .writeHead(200)
      .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: mode.expiresIn }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tokenServer.server = server;
  tokenServer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`;
});

afterAll(async () => {
  tokenServer.server?.closeAllConnections();
  await new Promise<void>((resolve) => tokenServer.server?.close(() => resolve()));
});

beforeEach(() => {
  tokenServer.requests.length = 0;
  tokenServer.mode = { kind: 'token', expiresIn: 3600 };
  revoked.clear();
});

async function subscribe(path: string, details: Record<string, string> = {}) {
  const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 3 });
  const subscription = await insertSubscription(harness.t.ctx, event.id, {
    targetUrl: `${harness.receiver.url}${path}`,
    authType: 'OAUTH2_CLIENT_CREDENTIALS',
    authDetails: sealAuthDetails(harness.t.ctx.cipher, {
      tokenUrl: tokenServer.url,
      clientId: 'wm-client',
      clientSecret: 's3cr3t:with/odd chars',
      authMethod: 'client_secret_basic',
      ...details,
    }),
  });
  return { event, subscription };
}

const emit = async (alias: string) => {
  const response = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: alias, applicationId: harness.app.id, data: { n: 1 } },
  });
  expect(response.status).toBe(202);
  return response.body.occurrenceId as string;
};

const logWith = (occurrenceId: string, status: string) =>
  deliveryWithStatus(harness.t.ctx, occurrenceId, status);

const attemptsOf = (logId: string) =>
  harness.t.ctx.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryLogId, logId))
    .orderBy(deliveryAttempts.attemptNumber);

const receivedAt = (path: string) => harness.receiver.requests.filter((request) => request.url === path);

describe('OAuth2 client credentials', () => {
  it('When a subscription uses client_secret_basic, then one token is fetched and sent as Bearer on every delivery', async () => {
    const { event } = await subscribe('/basic', { scope: 'webhooks:write', audience: 'https://erp' });
    await logWith(await emit(event.alias), 'SUCCESS');
    await logWith(await emit(event.alias), 'SUCCESS');
    expect(tokenServer.requests).toHaveLength(1);
    const [tokenRequest] = tokenServer.requests;
    const basic = `${encodeURIComponent('wm-client')}:${encodeURIComponent('s3cr3t:with/odd chars')}`;
    expect(tokenRequest?.authorization).toBe(`Basic ${Buffer.from(basic).toString('base64')}`);
    expect(Object.fromEntries(tokenRequest?.form ?? [])).toEqual({
      grant_type: 'client_credentials',
      scope: 'webhooks:write',
      audience: 'https://erp',
    });
    const sent = receivedAt('/basic');
    expect(sent).toHaveLength(2);
    const token = tokenServer.issued.at(-1);
    expect(sent.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${token}`,
      `Bearer ${token}`,
    ]);
    // The Standard Webhooks signature stays on every request.
    expect(sent.every((request) => String(request.headers['webhook-signature']).startsWith('v1,'))).toBe(
      true,
    );
  });

  it('When a subscription uses client_secret_post, then the client id and secret go in the form, not in a header', async () => {
    const { event } = await subscribe('/post', { authMethod: 'client_secret_post' });
    await logWith(await emit(event.alias), 'SUCCESS');
    const [tokenRequest] = tokenServer.requests;
    expect(tokenRequest?.authorization).toBeUndefined();
    expect(Object.fromEntries(tokenRequest?.form ?? [])).toEqual({
      grant_type: 'client_credentials',
      client_id: 'wm-client',
      client_secret: 's3cr3t:with/odd chars',
    });
  });

  it('When the token expires on the clock, then the next delivery fetches one new token, once', async () => {
    tokenServer.mode = { kind: 'token', expiresIn: 120 };
    const { event } = await subscribe('/expiry');
    await logWith(await emit(event.alias), 'SUCCESS');
    clock.advance(60_000);
    await logWith(await emit(event.alias), 'SUCCESS');
    expect(tokenServer.requests).toHaveLength(1);
    // Past its lifetime less the renewal margin: renewed before the receiver would refuse it.
    clock.advance(60_000);
    await logWith(await emit(event.alias), 'SUCCESS');
    await logWith(await emit(event.alias), 'SUCCESS');
    expect(tokenServer.requests).toHaveLength(2);
    const tokens = receivedAt('/expiry').map((request) => request.headers.authorization);
    expect(new Set(tokens).size).toBe(2);
  });

  it('When the receiver answers 401 to a token, then the attempt fetches a new one and is sent again, once', async () => {
    const { event } = await subscribe('/revoked');
    await logWith(await emit(event.alias), 'SUCCESS');
    const first = tokenServer.issued.at(-1) as string;
    revoked.add(first);
    const log = await logWith(await emit(event.alias), 'SUCCESS');
    expect(tokenServer.requests).toHaveLength(2);
    const attempts = await attemptsOf(log.id);
    expect(attempts.map((attempt) => attempt.httpStatusCode)).toEqual([200]);
    expect(receivedAt('/revoked').map((request) => request.headers.authorization)).toEqual([
      `Bearer ${first}`,
      `Bearer ${first}`,
      `Bearer ${tokenServer.issued.at(-1)}`,
    ]);
  });

  it('When the token endpoint refuses the client, then the attempt fails with its reason and is retried with the backoff', async () => {
    tokenServer.mode = { kind: 'error', status: 400, error: 'invalid_client' };
    const { event } = await subscribe('/refused', { clientId: 'refused-client' });
    const failedAt = clock().getTime();
    const log = await logWith(await emit(event.alias), 'RETRYING');
    const [attempt] = await attemptsOf(log.id);
    expect(attempt?.errorMessage).toBe('Falha ao obter token OAuth2: 400 invalid_client');
    expect(attempt?.httpStatusCode).toBeNull();
    expect(receivedAt('/refused')).toHaveLength(0);
    const waitMs = (log.nextAttemptAt?.getTime() ?? 0) - failedAt;
    expect(waitMs).toBeGreaterThanOrEqual(RETRY_DELAY_MS * 0.8);
    // The endpoint is fixed; the retry, once due, gets a token and delivers.
    tokenServer.mode = { kind: 'token', expiresIn: 3600 };
    clock.advance(RETRY_DELAY_MS * 1.25);
    const retried = await logWith(log.occurrenceId, 'SUCCESS');
    expect((await attemptsOf(retried.id)).map((a) => a.httpStatusCode)).toEqual([null, 200]);
  });

  it('When the token endpoint is down, then the attempt fails with the connection reason and stays due for a retry', async () => {
    const { event } = await subscribe('/down', { tokenUrl: 'http://127.0.0.1:9/oauth/token' });
    const log = await logWith(await emit(event.alias), 'RETRYING');
    const [attempt] = await attemptsOf(log.id);
    expect(attempt?.errorMessage).toBe('Falha ao obter token OAuth2: Falha de conexão: ECONNREFUSED');
    expect(receivedAt('/down')).toHaveLength(0);
  });
});

describe("OAuth2 in the console's test button", () => {
  it('When the token endpoint answers 401 invalid_client, then the test answers the token step failed and the receiver is not called', async () => {
    tokenServer.mode = { kind: 'error', status: 401, error: 'invalid_client' };
    const { subscription } = await subscribe('/test-refused', { clientId: 'test-refused-client' });
    const tested = await harness.t.post(`/v1/subscriptions/${subscription.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      success: false,
      httpStatusCode: null,
      error: 'Falha ao obter token OAuth2: 401 invalid_client',
      tokenStep: { success: false, message: 'Falha ao obter token OAuth2: 401 invalid_client' },
    });
    expect(tokenServer.requests).toHaveLength(1);
    expect(receivedAt('/test-refused')).toHaveLength(0);
  });

  it('When the token endpoint hands out a token, then the test answers the token step succeeded and the receiver took it', async () => {
    const { subscription } = await subscribe('/test-ok', { clientId: 'test-ok-client' });
    const tested = await harness.t.post(`/v1/subscriptions/${subscription.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      success: true,
      httpStatusCode: 200,
      tokenStep: { success: true, message: 'Token OAuth2 obtido' },
    });
    expect(receivedAt('/test-ok').map((request) => request.headers.authorization)).toEqual([
      `Bearer ${tokenServer.issued.at(-1)}`,
    ]);
  });

  it('When a subscription sends a static header, then the test answers no token step', async () => {
    const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 0 });
    const subscription = await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/test-static`,
    });
    const tested = await harness.t.post(`/v1/subscriptions/${subscription.id}/test`);
    expect(tested.body).toMatchObject({ tokenStep: null });
    expect(tokenServer.requests).toHaveLength(0);
  });
});
