import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, stopServer } from './support/server-process';

// The real server on the embedded database (PGlite), so only in the PGlite project.
const dataDir = mkdtempSync(join(tmpdir(), 'wm-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resident memory (MiB) of a process, from /proc. */
const residentMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
};

describe('embedded database memory', () => {
  it('When the server starts on a new data directory, then it stays well under the 650 MB that creating the database takes', async () => {
    const server = await spawnServer({
      DATA_DIR: dataDir,
      SECRET_KEY: 'memory-test-secret-key-with-at-least-32-characters',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'troque-esta-senha',
    });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(residentMiB(server.child.pid ?? 0)).toBeLessThan(450);
    } finally {
      await stopServer(server);
    }
  }, 120_000);
});
