import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { buildApp } from '../src/http/app';
import { REDACTED_PATHS } from '../src/lib/logger';
import { bootstrapAdmin } from '../src/modules/auth/bootstrap-admin';
import { ADMIN } from './support/test-app';
import { openTestDatabase } from './support/test-database';

it('When keys are created, revealed, regenerated and sent as x-api-key with trace logging, then no key reaches the log', async () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-test-'));
  const database = await openTestDatabase();
  const ctx = await createContext(
    testConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
      LOG_LEVEL: 'trace',
    }),
    database,
  );
  ctx.logger = pino(
    { level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    { write: (line: string) => lines.push(line) },
  );
  await bootstrapAdmin(ctx, () => {});
  const app = await buildApp(ctx);
  try {
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await app.inject({ method, url, payload, headers });
      return JSON.parse(response.body || '{}');
    };
    const { token } = await call('POST', '/v1/auth/login', undefined, ADMIN);
    const created = await call('POST', '/v1/applications', token, { name: 'Logada' });
    const revealed = await call('GET', `/v1/applications/${created.id}/api-key`, token);
    const regenerated = await call('POST', `/v1/applications/${created.id}/regenerate-key`, token);
    await app.inject({
      method: 'GET',
      url: '/v1/applications',
      headers: { 'x-api-key': regenerated.apiKey },
    });
    await call('PUT', `/v1/applications/${created.id}`, token, {
      name: 'Logada',
      callbackUrl: 'https://example.com',
      callbackAuthType: 'BEARER',
      callbackAuthDetails: { token: 'callback-token-secret' },
    });

    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    for (const secret of [
      created.apiKey,
      revealed.apiKey,
      regenerated.apiKey,
      'callback-token-secret',
      token,
    ]) {
      expect(secret).toBeTruthy();
      expect(log).not.toContain(secret);
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
