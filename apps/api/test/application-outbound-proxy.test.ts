import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpTable } from './support/applications';
import { type CountingProxy, startCountingProxy } from './support/counting-proxy';
import {
  endedDelivery,
  insertApplication,
  insertEvent,
  insertSubscription,
} from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';

const GLOBAL_PASSWORD = 'senha-global-1a2b3c';
const OWN_PASSWORD = 'senha-propria-9f8e7d6c';

let globalProxy: CountingProxy;
let ownProxy: CountingProxy;

// Registered before the harness's own hook: the app starts with the global proxy in its config.
const env: Record<string, string> = { DELIVERY_POLL_MS: '20' };
beforeAll(async () => {
  globalProxy = await startCountingProxy();
  ownProxy = await startCountingProxy();
  env.OUTBOUND_PROXY_URL = `http://global:${GLOBAL_PASSWORD}@127.0.0.1:${globalProxy.port}`;
});

const harness = useDeliveryHarness(env);

afterAll(async () => {
  await globalProxy.close();
  await ownProxy.close();
});

async function deliverFrom(app: { id: string; apiKey: string }, path: string) {
  const event = await insertEvent(harness.t.ctx, app.id, { maxRetries: 0 });
  await insertSubscription(harness.t.ctx, event.id, { targetUrl: `${harness.receiver.url}${path}` });
  const emitted = await harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': app.apiKey },
    body: { eventType: event.alias, applicationId: app.id, data: { n: 1 } },
  });
  expect(emitted.status).toBe(202);
  return endedDelivery(harness.t.ctx, emitted.body.occurrenceId);
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe("an application's own egress proxy", () => {
  it("When an application sets its own proxy, then its deliveries go through it and another application's through the global one", async () => {
    const saved = await harness.t.put(`/v1/applications/${harness.app.id}`, {
      body: { outboundProxy: { url: `http://propria:${OWN_PASSWORD}@127.0.0.1:${ownProxy.port}` } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.outboundProxy).toEqual({
      url: `http://propria:••••••@127.0.0.1:${ownProxy.port}/`,
      exclude: [],
    });
    const other = await insertApplication(harness.t.ctx);
    const [ownBefore, globalBefore] = [ownProxy.tunnels.length, globalProxy.tunnels.length];

    expect((await deliverFrom(harness.app, '/propria')).status).toBe('SUCCESS');
    const ownTunnels = ownProxy.tunnels.slice(ownBefore);
    expect(ownTunnels.length).toBeGreaterThanOrEqual(1);
    expect(ownTunnels.every((tunnel) => tunnel.authorization === basic('propria', OWN_PASSWORD))).toBe(true);
    expect(globalProxy.tunnels.length).toBe(globalBefore);

    expect((await deliverFrom(other, '/global')).status).toBe('SUCCESS');
    expect(globalProxy.tunnels.length).toBeGreaterThan(globalBefore);
    expect(ownProxy.tunnels.length).toBe(ownBefore + ownTunnels.length);
  });

  it('When the masked password is written back, then the stored one is kept; and it is never in clear in a dump', async () => {
    const url = `http://propria:${OWN_PASSWORD}@127.0.0.1:${ownProxy.port}`;
    await harness.t.put(`/v1/applications/${harness.app.id}`, { body: { outboundProxy: { url } } });
    const rewritten = await harness.t.put(`/v1/applications/${harness.app.id}`, {
      body: {
        outboundProxy: { url: `http://propria:••••••@127.0.0.1:${ownProxy.port}`, exclude: ['.Exemplo.com'] },
      },
    });
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.data.outboundProxy.exclude).toEqual(['.exemplo.com']);
    expect(JSON.stringify(await dumpTable(harness.t, 'applications'))).not.toContain(OWN_PASSWORD);

    const before = ownProxy.tunnels.length;
    expect((await deliverFrom(harness.app, '/mantida')).status).toBe('SUCCESS');
    const tunnels = ownProxy.tunnels.slice(before);
    expect(tunnels.every((tunnel) => tunnel.authorization === basic('propria', OWN_PASSWORD))).toBe(true);
  });

  it('When a subscription of an application with its own proxy is tested, then the test leaves through that proxy', async () => {
    await harness.t.put(`/v1/applications/${harness.app.id}`, {
      body: { outboundProxy: { url: `http://propria:${OWN_PASSWORD}@127.0.0.1:${ownProxy.port}` } },
    });
    const event = await insertEvent(harness.t.ctx, harness.app.id, { maxRetries: 0 });
    const subscription = await insertSubscription(harness.t.ctx, event.id, {
      targetUrl: `${harness.receiver.url}/teste`,
    });
    const [ownBefore, globalBefore] = [ownProxy.tunnels.length, globalProxy.tunnels.length];
    const tested = await harness.t.post(`/v1/subscriptions/${subscription.id}/test`);
    expect(tested.status).toBe(200);
    expect(ownProxy.tunnels.length).toBeGreaterThan(ownBefore);
    expect(globalProxy.tunnels.length).toBe(globalBefore);
  });

  it("When an application's proxy excludes every host, then its deliveries still go through the global proxy", async () => {
    await harness.t.put(`/v1/applications/${harness.app.id}`, {
      body: { outboundProxy: { url: `http://127.0.0.1:${ownProxy.port}`, exclude: ['*'] } },
    });
    const [ownBefore, globalBefore] = [ownProxy.tunnels.length, globalProxy.tunnels.length];
    expect((await deliverFrom(harness.app, '/sem-fuga')).status).toBe('SUCCESS');
    expect(ownProxy.tunnels.length).toBe(ownBefore);
    expect(globalProxy.tunnels.length).toBeGreaterThan(globalBefore);
  });

  it('When the proxy is set back to null, then the application uses the global proxy again', async () => {
    const cleared = await harness.t.put(`/v1/applications/${harness.app.id}`, {
      body: { outboundProxy: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.outboundProxy).toBeNull();
    const before = globalProxy.tunnels.length;
    expect((await deliverFrom(harness.app, '/de-volta')).status).toBe('SUCCESS');
    expect(globalProxy.tunnels.length).toBeGreaterThan(before);
  });

  it.each([
    ['ftp://127.0.0.1:21', 'URL do proxy inválida'],
    ['http://127.0.0.1:3128/caminho', 'URL do proxy inválida'],
    ['http://127.0.0.1:3128/?q=1', 'URL do proxy inválida'],
    ['não é url', 'URL do proxy inválida'],
    ['', 'URL do proxy é obrigatória'],
    ['http://' + 'a'.repeat(2050) + '.com', 'URL do proxy muito longa'],
  ])('When the proxy URL is %j, then a pt-BR 400 and nothing changes', async (url, message) => {
    const before = await harness.t.get(`/v1/applications/${harness.app.id}`);
    const refused = await harness.t.put(`/v1/applications/${harness.app.id}`, {
      body: { outboundProxy: { url } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(message);
    const after = await harness.t.get(`/v1/applications/${harness.app.id}`);
    expect(after.body.data.outboundProxy).toEqual(before.body.data.outboundProxy);
  });

  it.each([['a b.com'], ['http://x.com'], ['x.com/caminho'], ["'; DROP TABLE applications; --"]])(
    'When an exclusion is %j, then a pt-BR 400',
    async (entry) => {
      const refused = await harness.t.put(`/v1/applications/${harness.app.id}`, {
        body: { outboundProxy: { url: 'http://127.0.0.1:3128', exclude: [entry] } },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Host inválido na lista de exceções');
    },
  );
});
