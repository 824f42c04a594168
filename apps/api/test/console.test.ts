import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const html = { accept: 'text/html,application/xhtml+xml' };

describe('console serving', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wm-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'portal.html'), '<!doctype html><div id="portal"></div>');
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
    t = await createTestApp({ CONSOLE_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('When / is opened, then index.html is served and never cached', async () => {
    const response = await t.get('/', { headers: html, token: null });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('When a client-side route is opened in a browser, then index.html answers', async () => {
    for (const path of ['/events/0193f1d2/edit', '/login', '/admin', '/nao-existe']) {
      const response = await t.get(path, { headers: html, token: null });
      expect(response.status).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("When /portal is opened, then the consumers' own page answers, not the console", async () => {
    for (const path of ['/portal', '/portal/']) {
      const response = await t.get(path, { headers: html, token: null });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="portal">');
    }
  });

  it('When a hashed asset is fetched, then it is cached for a year as immutable', async () => {
    const response = await t.get('/assets/index-AbC123.js', { token: null });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log(1)');
  });

  it('When an unknown /v1 path or a missing asset is asked for, then the answer is the JSON 404', async () => {
    const api = await t.get('/v1/nao-existe', { headers: html, token: null });
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ code: 'NOT_FOUND' });
    const asset = await t.get('/assets/missing.js', { token: null });
    expect(asset.status).toBe(404);
    expect(asset.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('When a path tries to leave the console folder or reach a dot-folder, then nothing is served', async () => {
    expect((await t.get('/..%2f..%2fetc%2fpasswd', { token: null })).status).toBe(404);
    expect((await t.get('/.vite/manifest.json', { token: null })).status).toBe(404);
  });

  it('When a plain file of the build is fetched, then it is served and revalidated', async () => {
    const response = await t.get('/favicon.svg', { token: null });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('When the API is called, then the console does not get in the way', async () => {
    const response = await t.get('/v1/auth/me', { headers: html });
    expect(response.status).toBe(200);
    expect((await t.get('/healthz', { token: null })).body).toEqual({ status: 'ok' });
  });

  it('When the console, the API, an error or /docs answers, then each carries the security headers', async () => {
    const answers = {
      console: await t.get('/', { headers: html, token: null }),
      asset: await t.get('/assets/index-AbC123.js', { token: null }),
      api: await t.get('/v1/auth/me'),
      error: await t.get('/v1/auth/me', { token: null }),
      docs: await t.get('/docs', { headers: html, token: null }),
      openapi: await t.get('/docs/json', { token: null }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const policy = String(answer.headers['content-security-policy'] ?? '');
      const directives = Object.fromEntries(
        policy.split(';').map((directive) => {
          const [key = '', ...values] = directive.trim().split(/\s+/);
          return [key, values.join(' ')];
        }),
      );
      expect(directives['script-src'], name).toBe("'self'");
      expect(directives['script-src-attr'], name).toBe("'none'");
      expect(directives['default-src'], name).toBe("'self'");
      expect(directives['object-src'], name).toBe("'none'");
      expect(directives['frame-ancestors'], name).toBe("'none'");
      expect(policy, name).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      expect(answer.headers['referrer-policy'], name).toBe('same-origin');
      expect(answer.headers['x-frame-options'], name).toBe('DENY');
    }
    expect(answers.error.status).toBe(401);
    expect(answers.docs.status).toBe(200);
  });
});

describe('console serving without a build', () => {
  it('When the console folder does not exist, then the API still starts and / answers 404 JSON', async () => {
    const t = await createTestApp({ CONSOLE_DIR: join(tmpdir(), 'wm-console-missing-dir') });
    try {
      const response = await t.get('/', { headers: html, token: null });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
      expect((await t.get('/v1/auth/me')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
