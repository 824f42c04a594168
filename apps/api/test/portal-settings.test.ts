import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember, insertApplication, insertEvent } from './support/delivery-fixtures';
import { useTestApp } from './support/use-test-app';

// The application's portal settings: who may embed the page (its frame-ancestors) and the brand
// the portal API hands the page.
const dir = mkdtempSync(join(tmpdir(), 'wm-portal-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dir, 'portal.html'), '<!doctype html><div id="portal"></div>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const harness = useTestApp({ CONSOLE_DIR: dir }, async (t) => {
  const owner = await t.createUser({ name: 'dona' });
  const writer = await t.createUser({ name: 'escritor' });
  const reader = await t.createUser({ name: 'leitor' });
  const app = await insertApplication(t.ctx, { ownerId: owner.id });
  await addMember(t.ctx, app.id, writer.id, { canWrite: true });
  await addMember(t.ctx, app.id, reader.id, {});
  await insertEvent(t.ctx, app.id, { alias: 'pedido.criado' });
  return { owner, writer, reader, app };
});

const SETTINGS = {
  allowedOrigins: ['https://app.cliente.com', 'http://127.0.0.1:4010'],
  accentColor: '#0a7cff',
  logoUrl: 'https://cdn.cliente.com/logo.png',
  displayName: 'Loja Cliente',
};

describe('portal settings', () => {
  it('When an application allows no origin, then its portal page may be framed by none', async () => {
    const { t, app } = harness;
    const page = await t.get(`/portal/${app.id}`, { token: null, headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    const bare = await t.get('/portal', { token: null, headers: { accept: 'text/html' } });
    expect(bare.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    const unknown = await t.get('/portal/nao-e-um-id', { token: null, headers: { accept: 'text/html' } });
    expect(unknown.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });

  it('When a writer sets the settings, then the answer, the page header and the session view follow', async () => {
    const { t, app, writer } = harness;
    const saved = await t.put(`/v1/applications/${app.id}`, {
      token: writer.token,
      body: { portal: SETTINGS },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.portal).toEqual(SETTINGS);

    const page = await t.get(`/portal/${app.id}`, { token: null, headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toBe(
      'frame-ancestors https://app.cliente.com http://127.0.0.1:4010',
    );
    expect(page.body).toContain('<div id="portal">');

    const opened = await t.post(`/v1/applications/${app.id}/portal-sessions`, {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { consumerId: 'cliente-1', locale: 'en', readOnly: true },
    });
    const view = await t.get('/v1/portal/session', { token: opened.body.data.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({
      consumerId: 'cliente-1',
      locale: 'en',
      isReadOnly: true,
      displayName: 'Loja Cliente',
      accentColor: '#0a7cff',
      logoUrl: 'https://cdn.cliente.com/logo.png',
    });
  });

  it('When the settings are invalid or the caller only reads, then the answer refuses in pt-BR and nothing changes', async () => {
    const { t, app, writer, reader } = harness;
    const before = (await t.get(`/v1/applications/${app.id}`, { token: writer.token })).body.data.portal;
    for (const portal of [
      { allowedOrigins: ['https://app.cliente.com/caminho'] },
      { allowedOrigins: ['javascript:alert(1)'] },
      { allowedOrigins: ["https://a.com 'unsafe-inline'"] },
      { accentColor: 'vermelho' },
      { logoUrl: 'http://inseguro.com/logo.png' },
      { allowedOrigins: Array.from({ length: 21 }, (_, n) => `https://s${n}.com`) },
    ]) {
      const answer = await t.put(`/v1/applications/${app.id}`, { token: writer.token, body: { portal } });
      expect(answer.status, JSON.stringify(portal)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    }
    const byReader = await t.put(`/v1/applications/${app.id}`, {
      token: reader.token,
      body: { portal: { allowedOrigins: [] } },
    });
    expect(byReader.status).toBe(403);
    const after = (await t.get(`/v1/applications/${app.id}`, { token: writer.token })).body.data.portal;
    expect(after).toEqual(before);
  });

  it('When the settings are cleared, then the page may be framed by none again', async () => {
    const { t, app, owner } = harness;
    const cleared = await t.put(`/v1/applications/${app.id}`, {
      token: owner.token,
      body: { portal: { allowedOrigins: [] } },
    });
    expect(cleared.body.data.portal).toEqual({
      allowedOrigins: [],
      accentColor: null,
      logoUrl: null,
      displayName: null,
    });
    const page = await t.get(`/portal/${app.id}`, { token: null, headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });
});
