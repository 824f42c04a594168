import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { insertDeliveryLog } from './support/delivery-log-fixture';
import { createFakeClock } from './support/fake-clock';
import { useTestApp } from './support/use-test-app';

// The portal's refusals read in the session's language: an English session gets English for each
// kind (400 with its details, 401, 403, 404, 409), a pt-BR one keeps the API's texts. The 429 of
// both languages: portal-rate-limit.test.ts.
const clock = createFakeClock();
const harness = useTestApp(
  { ALLOW_PRIVATE_TARGETS: 'false' },
  async (t) => {
    const app = await insertApplication(t.ctx);
    const event = await insertEvent(t.ctx, app.id, { alias: 'pedido.criado' });
    const subscription = await insertSubscription(t.ctx, event.id, {
      consumerApplicationId: app.id,
      consumerId: 'cliente-1',
    });
    const occurrenceId = await insertDeliveryLog(t, {
      event,
      applicationId: app.id,
      subscriptionId: subscription.id,
      status: 'SUCCESS',
    });
    const [log] = await t.ctx.db
      .select({ id: deliveryLogs.id })
      .from(deliveryLogs)
      .where(eq(deliveryLogs.occurrenceId, occurrenceId));
    return { app, event, deliveredLogId: log?.id as string };
  },
  { clock },
);

type Locale = 'en' | 'pt-BR';

async function openSession(locale: Locale, options: Record<string, unknown> = {}) {
  const { t, app } = harness;
  const answer = await t.post(`/v1/applications/${app.id}/portal-sessions`, {
    token: null,
    headers: { 'x-api-key': app.apiKey },
    body: { consumerId: 'cliente-1', locale, ...options },
  });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; token: string };
}

const EXPECTED = {
  en: {
    validation: 'Name is required',
    details: ['Name is required', 'URL must start with http:// or https://'],
    limit: 'The maximum limit is 100',
    privateTarget: 'The target points to a private or reserved address; use a public address',
    json: 'Invalid JSON in the request body',
    notFound: 'Subscription not found',
    conflict: 'Only failed (FAILED) deliveries can be resent',
    readOnly: 'This portal session is read-only',
    expired: 'Portal session is invalid, expired or revoked',
  },
  'pt-BR': {
    validation: 'Nome é obrigatório',
    details: ['Nome é obrigatório', 'URL deve começar com http:// ou https://'],
    limit: 'Limite máximo é 100',
    privateTarget: 'O destino aponta para um endereço privado ou reservado; use um endereço público',
    json: 'JSON inválido no corpo da requisição',
    notFound: 'Assinatura não encontrada',
    conflict: 'Apenas entregas com falha (FAILED) podem ser reenviadas',
    readOnly: 'Esta sessão do portal é somente leitura',
    expired: 'Sessão do portal inválida, expirada ou revogada',
  },
} as const;

describe.each(['en', 'pt-BR'] as const)('the portal refusals of a %s session', (locale) => {
  const words = EXPECTED[locale];

  it('When the body or the query fails validation, then 400 and its details are in the session language', async () => {
    const { t, event } = harness;
    const { token } = await openSession(locale);
    const invalid = await t.post('/v1/portal/subscriptions', {
      token,
      body: { name: '', targetUrl: 'ftp://exemplo', eventId: event.id, jsonBody: {} },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.error).toBe(words.validation);
    const detailMessages = invalid.body.details.map((detail: { message: string }) => detail.message);
    for (const message of words.details) expect(detailMessages).toContain(message);

    // A use case's refusal with its details, past the schema.
    const privateTarget = await t.post('/v1/portal/subscriptions', {
      token,
      body: { name: 'x', targetUrl: 'http://10.1.2.3/hook', eventId: event.id, jsonBody: {} },
    });
    expect(privateTarget.status).toBe(400);
    expect(privateTarget.body).toEqual({
      error: words.privateTarget,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'targetUrl', message: words.privateTarget }],
    });

    const tooMany = await t.get('/v1/portal/logs?limit=500', { token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: words.limit, code: 'VALIDATION_ERROR' });

    const malformed = await t.post('/v1/portal/subscriptions', {
      token,
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: words.json, code: 'BAD_REQUEST' });
  });

  it('When the consumer reaches what it lacks or resends a delivered log, then 404 and 409 in its language', async () => {
    const { t, deliveredLogId } = harness;
    const { token } = await openSession(locale);
    const missing = await t.get('/v1/portal/subscriptions/00000000-0000-4000-8000-000000000000', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: words.notFound, code: 'NOT_FOUND' });
    const resend = await t.post(`/v1/portal/logs/${deliveredLogId}/resend`, { token });
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ error: words.conflict, code: 'CONFLICT' });
  });

  it('When a read-only session writes, then 403 in its language', async () => {
    const { t, event } = harness;
    const { token } = await openSession(locale, { readOnly: true });
    const refused = await t.post('/v1/portal/subscriptions', {
      token,
      body: { name: 'x', targetUrl: 'https://example.com/h', eventId: event.id, jsonBody: {} },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: words.readOnly, code: 'FORBIDDEN' });
  });

  it('When the session expired or was revoked, then 401 in its language whatever the browser asks', async () => {
    const { t, app } = harness;
    const short = await openSession(locale, { expiresInMinutes: 1 });
    const revoked = await openSession(locale);
    const gone = await t.del(`/v1/applications/${app.id}/portal-sessions/${revoked.id}`, {
      token: null,
      headers: { 'x-api-key': app.apiKey },
    });
    expect(gone.status).toBe(204);
    clock.advance(60_001);
    const otherLanguage = locale === 'en' ? 'pt-BR' : 'en';
    for (const token of [short.token, revoked.token]) {
      const refused = await t.get('/v1/portal/events', {
        token,
        headers: { 'accept-language': otherLanguage },
      });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: words.expired, code: 'UNAUTHORIZED' });
    }
  });
});
