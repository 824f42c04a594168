/**
 * The fixture a user makes: sign in as the admin, then an application, an IMMEDIATE event and one
 * subscription with the body template `{"d": "#data#"}`, all through the HTTP API of `baseUrl`.
 */
export type ApiFixture = { applicationId: string; alias: string; apiKey: string };

export const BENCH_ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'bench-admin-1' };

async function call<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function createApiFixture(baseUrl: string, targetUrl: string): Promise<ApiFixture> {
  const { token } = await call<{ token: string }>(baseUrl, '/v1/auth/login', {
    email: BENCH_ADMIN.ADMIN_EMAIL,
    password: BENCH_ADMIN.ADMIN_PASSWORD,
  });
  const application = await call<{ data: { id: string; apiKey: string } }>(
    baseUrl,
    '/v1/applications',
    { name: 'Bench' },
    token,
  );
  const alias = `bench.${application.data.id.slice(-6)}`;
  const event = await call<{ data: { id: string } }>(
    baseUrl,
    '/v1/events',
    { applicationId: application.data.id, name: 'Bench', alias },
    token,
  );
  await call(
    baseUrl,
    '/v1/subscriptions',
    { eventId: event.data.id, name: 'Bench', targetUrl, jsonBody: { d: '#data#' } },
    token,
  );
  return { applicationId: application.data.id, alias, apiKey: application.data.apiKey };
}

/** An emit request body of exactly `bytes` bytes (the padding goes in data.note). */
export function emitBodyOf(fixture: ApiFixture, n: number, bytes = 309): string {
  const base = {
    eventType: fixture.alias,
    applicationId: fixture.applicationId,
    data: { order: n, note: '' },
  };
  const pad = bytes - JSON.stringify(base).length;
  return JSON.stringify({ ...base, data: { order: n, note: 'x'.repeat(Math.max(0, pad)) } });
}
