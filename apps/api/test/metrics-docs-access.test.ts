import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { createTestApp, type TestApp } from './support/test-app';

const METRICS_TOKEN = 'metricas-token-de-teste-1234567890';
let t: TestApp;
let open: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN, DOCS_PUBLIC: 'false' });
  // The same database and settings with neither variable set: what a plain start serves.
  open = await buildApp({
    ...t.ctx,
    config: { ...t.ctx.config, METRICS_TOKEN: undefined, DOCS_PUBLIC: true },
  });
  await open.ready();
});

afterAll(async () => {
  await open.close();
  await t.close();
});

describe('/metrics and /docs callers', () => {
  it('When METRICS_TOKEN is set, then /metrics answers 401 without that Bearer token and 200 with it', async () => {
    for (const authorization of [
      undefined,
      'Bearer errado',
      `Basic ${METRICS_TOKEN}`,
      `Bearer ${METRICS_TOKEN}x`,
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode, authorization).toBe(401);
      expect(JSON.parse(answer.body), authorization).toEqual({
        error: 'Token de métricas ausente ou inválido',
        code: 'UNAUTHORIZED',
      });
    }
    // A signed-in administrator is not the scraper: the token is the only way in.
    expect((await t.get('/metrics')).status).toBe(401);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_requests_total');
  });

  it('When DOCS_PUBLIC is false, then /docs and /docs/json need a signed-in session', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/yaml']) {
      const anonymous = await t.get(url, { token: null });
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.code, url).toBe('UNAUTHORIZED');
      expect((await t.get(url, { token: 'sessao-inexistente' })).status, url).toBe(401);
    }
    const user = await t.createUser();
    const doc = await t.get('/docs/json', { token: user.token });
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toContain('/v1/auth/login');
    const page = await t.get('/docs', { token: user.token });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('swagger');
  });

  it('When neither is configured, then /metrics and /docs are open', async () => {
    expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(200);
  });
});
