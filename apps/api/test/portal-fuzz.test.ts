import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useTestApp } from './support/use-test-app';

// Fuzz of the portal API: whatever body, query, id or token a consumer's browser sends, the answer is
// a 2xx or a 4xx {error, code}, never a 5xx.
const harness = useTestApp({}, async (t) => {
  const app = await insertApplication(t.ctx);
  const event = await insertEvent(t.ctx, app.id, { alias: 'pedido.criado' });
  const subscription = await insertSubscription(t.ctx, event.id, {
    consumerApplicationId: app.id,
    consumerId: 'cliente-1',
  });
  const opened = await t.post(`/v1/applications/${app.id}/portal-sessions`, {
    token: null,
    headers: { 'x-api-key': app.apiKey },
    body: { consumerId: 'cliente-1' },
  });
  return { eventId: event.id, subscriptionId: subscription.id, token: opened.body.data.token as string };
});

const ROUTES: Array<[method: 'get' | 'post' | 'put' | 'del', path: (id: string) => string]> = [
  ['get', () => '/v1/portal/events'],
  ['get', () => '/v1/portal/session'],
  ['get', () => '/v1/portal/subscriptions'],
  ['post', () => '/v1/portal/subscriptions'],
  ['get', (id) => `/v1/portal/subscriptions/${id}`],
  ['put', (id) => `/v1/portal/subscriptions/${id}`],
  ['post', (id) => `/v1/portal/subscriptions/${id}/test`],
  ['get', (id) => `/v1/portal/subscriptions/${id}/health`],
  ['get', () => '/v1/portal/logs'],
  ['get', (id) => `/v1/portal/logs/${id}`],
  ['post', (id) => `/v1/portal/logs/${id}/resend`],
];

function expectNoServerError(answer: { status: number; body: unknown }, what: string) {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.body, what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  }
}

describe('portal API fuzz', () => {
  it('When a consumer sends any JSON body, query or id, then no route answers 5xx', async () => {
    const { t } = harness;
    const id = fc.oneof(fc.constant(harness.subscriptionId), fc.uuid(), fc.string({ maxLength: 40 }));
    const query = fc.dictionary(
      fc.constantFrom('page', 'limit', 'search', 'status', 'subscriptionId', 'eventId', 'startDate'),
      fc.string({ maxLength: 30 }),
    );
    const body = fc.oneof(
      fc.json().map((text) => JSON.parse(text) as unknown),
      fc.record({
        eventId: fc.oneof(fc.constant(harness.eventId), fc.string()),
        name: fc.string({ maxLength: 300 }),
        targetUrl: fc.oneof(fc.webUrl(), fc.string()),
        jsonBody: fc.jsonValue(),
        filters: fc.anything(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        id,
        query,
        body,
        async ([method, path], anyId, params, payload) => {
          const search = new URLSearchParams(params).toString();
          const url = `${path(encodeURIComponent(anyId))}${search ? `?${search}` : ''}`;
          const answer = await t[method](url, {
            token: harness.token,
            ...(method === 'post' || method === 'put' ? { body: payload as object } : {}),
          });
          expectNoServerError(answer, `${method} ${url}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('When the token is any text, then the portal answers 401, never 5xx', async () => {
    const { t } = harness;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => !/[\r\n\0]/.test(s)),
        async (token) => {
          const answer = await t.get('/v1/portal/subscriptions', {
            token: null,
            headers: { authorization: `Bearer ${token.trim() || 'x'}` },
          });
          expect(answer.status).toBe(401);
        },
      ),
      { numRuns: 100 },
    );
  });
});
