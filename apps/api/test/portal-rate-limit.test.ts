import { describe, expect, it } from 'vitest';
import { insertApplication, insertEvent } from './support/delivery-fixtures';
import { createFakeClock } from './support/fake-clock';
import { useTestApp } from './support/use-test-app';

// Three requests a minute per session: the fourth within the minute is refused, and the budget
// comes back as the fake clock moves (20 s refill one request).
const clock = createFakeClock();
const harness = useTestApp(
  { PORTAL_RATE_LIMIT_PER_MINUTE: '3' },
  async (t) => {
    const app = await insertApplication(t.ctx);
    await insertEvent(t.ctx, app.id, { alias: 'pedido.criado' });
    return { app };
  },
  { clock },
);

async function openSession(locale?: 'en') {
  const { t, app } = harness;
  const answer = await t.post(`/v1/applications/${app.id}/portal-sessions`, {
    token: null,
    headers: { 'x-api-key': app.apiKey },
    body: { consumerId: 'cliente-1', ...(locale ? { locale } : {}) },
  });
  expect(answer.status).toBe(201);
  return answer.body.data.token as string;
}

describe('portal rate limit', () => {
  it('When a session spends its budget, then it answers 429 in pt-BR with Retry-After until the clock refills it', async () => {
    const { t } = harness;
    const token = await openSession();
    for (let n = 0; n < 3; n += 1) {
      expect((await t.get('/v1/portal/subscriptions', { token })).status).toBe(200);
    }
    const refused = await t.get('/v1/portal/events', { token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.error).toContain('Muitas requisições');
    expect(refused.headers['retry-after']).toBe('20');

    clock.advance(19_000);
    expect((await t.get('/v1/portal/events', { token })).status).toBe(429);
    clock.advance(1_000);
    expect((await t.get('/v1/portal/events', { token })).status).toBe(200);
    expect((await t.get('/v1/portal/events', { token })).status).toBe(429);
  });

  it('When one session is over its budget, then another session of the same consumer still answers', async () => {
    const { t } = harness;
    const busy = await openSession();
    for (let n = 0; n < 3; n += 1) await t.get('/v1/portal/events', { token: busy });
    expect((await t.get('/v1/portal/events', { token: busy })).status).toBe(429);
    const other = await openSession();
    expect((await t.get('/v1/portal/events', { token: other })).status).toBe(200);
  });

  it('When an English session is over its budget, then the refusal is in English and a write changes nothing', async () => {
    const { t } = harness;
    const token = await openSession('en');
    for (let n = 0; n < 3; n += 1) await t.get('/v1/portal/events', { token });
    const refused = await t.post('/v1/portal/subscriptions', {
      token,
      body: { eventId: 'pedido.criado', name: 'X', targetUrl: 'https://example.com/x', jsonBody: {} },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toContain('Too many requests');
    clock.advance(60_000);
    const listed = await t.get('/v1/portal/subscriptions', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
  });
});
