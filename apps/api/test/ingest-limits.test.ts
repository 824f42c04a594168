import { describe, expect, it } from 'vitest';
import { insertApplication } from './support/delivery-fixtures';
import { createFakeClock } from './support/fake-clock';
import {
  countInbound,
  createInboundRoute,
  ingestUrlOn,
  listenOnLoopback,
  sendInbound,
} from './support/ingest-fixtures';
import { useTestApp } from './support/use-test-app';

const harness = useTestApp(
  { INGEST_BODY_LIMIT_BYTES: '1024', INGEST_RATE_LIMIT_PER_MINUTE: '3' },
  async (t) => {
    const { id: appId } = await insertApplication(t.ctx);
    return { appId, baseUrl: await listenOnLoopback(t) };
  },
);

const routeWithNone = async () => {
  const { t, appId, baseUrl } = harness;
  const route = await createInboundRoute(t, appId, { verification: { type: 'NONE' } });
  return { route, url: ingestUrlOn(baseUrl, route) };
};

const post = (url: string, body: string) =>
  sendInbound(url, { headers: { 'content-type': 'application/json' }, body });

describe("an ingest URL's limits", () => {
  it('When a body is larger than INGEST_BODY_LIMIT_BYTES, then 413 in pt-BR and nothing is kept; at the limit it is taken', async () => {
    const { route, url } = await routeWithNone();
    const tooLarge = await post(url, JSON.stringify({ type: 'x', pad: 'a'.repeat(1024) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: 'Corpo da requisição muito grande', code: 'PAYLOAD_TOO_LARGE' });
    expect(await countInbound(harness.t.ctx, route.id)).toEqual({ requests: 0, logs: 0 });
    const prefix = JSON.stringify({ type: 'x', pad: '' });
    const atLimit = await post(url, JSON.stringify({ type: 'x', pad: 'a'.repeat(1024 - prefix.length) }));
    expect(atLimit.status).toBe(202);
  });

  it('When a route gets more requests in a minute than its budget, then 429 with Retry-After, nothing kept, other routes unaffected, and the budget comes back as the clock moves', async () => {
    const { t } = harness;
    const realClock = t.ctx.clock;
    const clock = createFakeClock();
    t.ctx.clock = clock;
    try {
      const first = await routeWithNone();
      const second = await routeWithNone();
      const answers = [];
      for (let index = 0; index < 3; index++) answers.push((await post(first.url, '{"type":"x"}')).status);
      expect(answers).toEqual([202, 202, 202]);
      const limited = await post(first.url, '{"type":"x"}');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('20');
      expect(limited.body).toMatchObject({
        error: 'Muitas requisições para esta rota; tente novamente mais tarde',
        code: 'RATE_LIMITED',
      });
      expect((await countInbound(t.ctx, first.route.id)).requests).toBe(3);
      expect((await post(second.url, '{"type":"x"}')).status).toBe(202);

      clock.advance(20_000);
      expect((await post(first.url, '{"type":"x"}')).status).toBe(202);
      expect((await post(first.url, '{"type":"x"}')).status).toBe(429);
    } finally {
      t.ctx.clock = realClock;
    }
  });
});
