import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { events } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createLogger } from '../src/lib/logger';
import { bootstrapAdmin } from '../src/modules/admin-users/bootstrap-admin';
import { ADMIN } from './support/test-app';
import { openTestDatabase } from './support/test-database';

it('When keys are created, revealed, regenerated, sent as x-api-key and carried by a refused write, with trace logging, then no secret reaches the log', async () => {
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
  ctx.logger = createLogger('trace', { write: (line: string) => lines.push(line) });
  await bootstrapAdmin(ctx, () => {});
  const app = await buildApp(ctx);
  try {
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await app.inject({ method, url, payload, headers });
      return JSON.parse(response.body || '{}');
    };
    const { token } = await call('POST', '/v1/auth/login', undefined, ADMIN);
    const created = (await call('POST', '/v1/applications', token, { name: 'Logada' })).data;
    const revealed = await call('GET', `/v1/applications/${created.id}/api-key`, token);
    const regenerated = (await call('POST', `/v1/applications/${created.id}/regenerate-key`, token)).data;
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

    // A write the database refuses is logged with its cause, never with the values it carried.
    const [event] = await ctx.db
      .insert(events)
      .values({ id: newId(), applicationId: created.id, name: 'Logado', alias: 'logado' })
      .returning();
    await ctx.database.query(
      "ALTER TABLE subscriptions ADD CONSTRAINT wm_test_refused CHECK (name <> 'Recusada')",
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/subscriptions',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        eventId: event?.id,
        name: 'Recusada',
        targetUrl: 'https://example.com/hook',
        jsonBody: { pedido: 'refused-body-value' },
        authType: 'BEARER',
        authDetails: { token: 'subscription-token-secret' },
      },
    });
    expect(refused.statusCode).toBe(500);
    expect(JSON.parse(refused.body)).toEqual({ error: 'Erro interno do servidor', code: 'INTERNAL_ERROR' });
    const failure = lines.find((line) => line.includes('unhandled error')) ?? '';
    expect(failure).toContain('wm_test_refused');

    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    for (const secret of [
      created.apiKey,
      revealed.apiKey,
      regenerated.apiKey,
      'callback-token-secret',
      'subscription-token-secret',
      'refused-body-value',
      'whsec_',
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
