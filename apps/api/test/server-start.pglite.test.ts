import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock';
import { freePort, spawnFailingServer, spawnServer, stopServer } from './support/server-process';

// Starts of the real server on the embedded database (PGlite), so only in the PGlite project.
const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-start-'));
  dirs.push(dir);
  return dir;
};
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  SECRET_KEY: 'start-test-secret-key-with-at-least-32-characters',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'troque-esta-senha',
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('server start', () => {
  it('When a second server opens a DATA_DIR in use, then it refuses in one pt-BR line and the first keeps its data', async () => {
    const dataDir = newDataDir();
    const first = await spawnServer(env(dataDir));
    try {
      const refused = await spawnFailingServer({ ...env(dataDir), PORT: String(await freePort()) });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`O diretório de dados ${join(dataDir, 'pglite')} já está em uso`);
      expect(refused.output).not.toMatch(/\n\s+at /);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await stopServer(first);
    }
    // Stopped cleanly, the first gave the directory back.
    const again = await spawnServer(env(dataDir));
    await stopServer(again);
  }, 120_000);

  it('When the port is taken, then the start fails in one line and gives the data directory back', async () => {
    const dataDir = newDataDir();
    const taken: Server = createServer();
    const port = await freePort();
    await new Promise<void>((done) => taken.listen(port, '127.0.0.1', done));
    try {
      const refused = await spawnFailingServer({ ...env(dataDir), PORT: String(port) });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Falha ao iniciar: .*EADDRINUSE/);
      expect(refused.output).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((done) => taken.close(done));
    }
    const next = await spawnServer(env(dataDir));
    await stopServer(next);
  }, 120_000);
});

describe('lockDataDir', () => {
  it('When the lock belongs to a live process, then it refuses; when that process is gone, then it takes the lock over', async () => {
    const dir = newDataDir();
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'webhook-manager.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((done) => holder.once('exit', done));
    }
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'webhook-manager.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'webhook-manager.lock'))).toBe(false);
  });
});
