import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './support/server-process';
import { waitFor } from './support/wait-for';

// `npm start` as README's first command runs it (on the embedded database, so only in the PGlite project).
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'wm-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A process's arguments, as the kernel shows them to `ps`. */
const commandLineOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

it('When an operator runs npm start, then the server answering is node running the built JavaScript, not TypeScript through tsx', async () => {
  const port = await freePort();
  const started = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    // Its own process group, so the whole tree (npm, sh, node) is stopped at the end.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'troque-esta-senha',
      ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-10_000);
  };
  started.stdout?.on('data', keep);
  started.stderr?.on('data', keep);
  let serverPid = 0;
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => {
        if (started.exitCode !== null) throw new Error(`npm start exited ${started.exitCode}:\n${output}`);
        return fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
      },
      240_000,
      'npm start to answer',
    );

    // The embedded database's lock names the process that holds it: the server.
    serverPid = Number(readFileSync(join(dataDir, 'pglite', 'webhook-manager.lock'), 'utf8'));
    const commandLine = commandLineOf(serverPid);
    expect(commandLine[0]?.split('/').at(-1)).toBe('node');
    expect(commandLine.at(-1)).toBe('apps/api/dist/src/main.js');
    // The young generation sized for the deliveries in flight (fewer, cheaper scavenges).
    expect(commandLine).toContain('--max-semi-space-size=64');
    expect(commandLine.join(' ')).not.toMatch(/tsx|\.ts\b/);
    expect(readFileSync(`/proc/${serverPid}/environ`, 'utf8')).not.toContain('tsx');

    // The build ran: the console is served, and the API answers its sign-in.
    const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'troque-esta-senha' }),
    });
    expect(login.status).toBe(200);
  } finally {
    const exited = new Promise((done) => started.once('exit', done));
    if (started.exitCode === null && started.pid) process.kill(-started.pid, 'SIGTERM');
    await exited;
    // The server stops on its own SIGTERM, after npm: its data directory is removed only then.
    if (serverPid) await waitFor(() => !existsSync(`/proc/${serverPid}`), 40_000, 'the server to stop');
  }
}, 300_000);
