import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSender } from '../src/delivery/sender';
import { BLOCKED_TARGET_MESSAGE } from '../src/delivery/ssrf-guard';
import { sealAuthDetails } from '../src/lib/sealed-auth-details';
import { type CountingProxy, startCountingProxy } from './support/counting-proxy';
import { endedDelivery, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';

const PROXY_PASSWORD = 'senha-do-proxy-8d7c6b5a';

let proxy: CountingProxy;

// Registered before the harness's own hook: the app starts with the proxy's address in its config.
const env: Record<string, string> = { DELIVERY_POLL_MS: '20', OUTBOUND_PROXY_EXCLUDE: 'localhost' };
beforeAll(async () => {
  proxy = await startCountingProxy();
  env.OUTBOUND_PROXY_URL = `http://egress:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`;
});

// The receiver is also an OAuth2 token endpoint at /token.
const harness = useDeliveryHarness(env, (request) =>
  request.url === '/token'
    ? {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: 'token-pelo-proxy', expires_in: 3600 }),
      }
    : {},
);

afterAll(() => proxy.close());

async function deliverTo(targetUrl: string, auth: Partial<Parameters<typeof insertSubscription>[2]> = {}) {
  const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 0 });
  await insertSubscription(harness.t.ctx, event.id, { targetUrl, ...auth });
  const emitted = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: event.alias, applicationId: harness.app.id, data: { n: 1 } },
  });
  expect(emitted.status).toBe(202);
  return endedDelivery(harness.t.ctx, emitted.body.occurrenceId);
}

describe('egress proxy', () => {
  it('When OUTBOUND_PROXY_URL is set, then every delivery goes through the proxy with its credentials', async () => {
    const before = proxy.tunnels.length;
    for (const path of ['/a', '/b']) {
      expect((await deliverTo(`${harness.receiver.url}${path}`)).status).toBe('SUCCESS');
    }
    expect(harness.receiver.requests.map((request) => request.url)).toEqual(
      expect.arrayContaining(['/a', '/b']),
    );
    const tunnels = proxy.tunnels.slice(before);
    expect(tunnels.length).toBeGreaterThanOrEqual(1);
    expect(tunnels.every((tunnel) => tunnel.target === `127.0.0.1:${harness.receiver.port}`)).toBe(true);
    const expected = `Basic ${Buffer.from(`egress:${PROXY_PASSWORD}`).toString('base64')}`;
    expect(tunnels.every((tunnel) => tunnel.authorization === expected)).toBe(true);
  });

  it('When the target host is in OUTBOUND_PROXY_EXCLUDE, then it is sent to directly', async () => {
    const before = proxy.tunnels.length;
    const log = await deliverTo(`http://localhost:${harness.receiver.port}/direct`);
    expect(log.status).toBe('SUCCESS');
    expect(harness.receiver.requests.some((request) => request.url === '/direct')).toBe(true);
    expect(proxy.tunnels.length).toBe(before);
  });

  it('When a subscription uses OAuth2, then its token request goes through the proxy too', async () => {
    const before = proxy.tunnels.length;
    // The target is excluded (localhost), the token URL is not: the one tunnel is the token's.
    const log = await deliverTo(`http://localhost:${harness.receiver.port}/with-token`, {
      authType: 'OAUTH2_CLIENT_CREDENTIALS',
      authDetails: sealAuthDetails(harness.t.ctx.cipher, {
        tokenUrl: `http://127.0.0.1:${harness.receiver.port}/token`,
        clientId: 'erp',
        clientSecret: 'segredo',
      }),
    });
    expect(log.status).toBe('SUCCESS');
    expect(proxy.tunnels.length).toBe(before + 1);
    const delivered = harness.receiver.requests.find((request) => request.url === '/with-token');
    expect(delivered?.headers.authorization).toBe('Bearer token-pelo-proxy');
  });

  it('When private targets are refused, then a private target behind the proxy is still refused and the proxy never asked', async () => {
    const sender = createSender({
      timeoutMs: 2_000,
      allowPrivateTargets: false,
      proxy: { url: `http://127.0.0.1:${proxy.port}`, exclude: [] },
    });
    const before = proxy.tunnels.length;
    try {
      const outcome = await sender.send({
        url: `${harness.receiver.url}/private`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(outcome).toMatchObject({ isBlocked: true, error: BLOCKED_TARGET_MESSAGE, httpStatusCode: null });
    } finally {
      await sender.close();
    }
    expect(proxy.tunnels.length).toBe(before);
    expect(harness.receiver.requests.some((request) => request.url === '/private')).toBe(false);
  });
});
