import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ADMIN = { name: 'Administrador', email: 'admin@e2e.local', password: 'admin-e2e-secret' };

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
// A fresh PGlite runs initdb in WebAssembly: seconds alone, over a minute on a loaded machine.
export const SERVER_READY_TIMEOUT_MS = 180_000;

export type RunningServer = {
  baseURL: string;
  admin: typeof ADMIN;
  dataDir: string;
  stop(): Promise<void>;
};

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
    } catch {}
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server not ready after ${SERVER_READY_TIMEOUT_MS} ms:\n${output()}`);
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/** Where global set-up leaves a stopped server's data: an empty console already set up (migrations, admin). */
export const TEMPLATE_DIR_ENV = 'E2E_TEMPLATE_DIR';

type ServerProcess = { baseURL: string; stop(): Promise<void> };

async function spawnServer(dataDir: string): Promise<ServerProcess> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ALLOW_PRIVATE_TARGETS: 'true',
    SECRET_KEY: 'e2e-secret-key-with-at-least-32-characters!',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.RABBITMQ_URL;
  delete env.CONSOLE_DIR;

  // The production build (`npm run test:e2e` builds it with the console), started as `npm run serve`
  // starts it: about 1.5 s of CPU quicker to start than the sources through tsx, for a server per spec file.
  const child = spawn(process.execPath, serveArguments(), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
  };

  try {
    await waitUntilReady(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

/**
 * Starts a server on a fresh directory once and stops it cleanly, so that each spec file's server
 * copies a set-up database instead of running initdb and the migrations again.
 */
export async function prepareTemplateDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-e2e-template-'));
  try {
    const server = await spawnServer(dataDir);
    await server.stop();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

/**
 * The real server from this checkout on a free port, with a database of its own: a copy of the
 * template when global set-up made one, else a fresh one. The console and the API must be built.
 */
export async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-e2e-'));
  const template = process.env[TEMPLATE_DIR_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await spawnServer(dataDir);
    const stop = async () => {
      await server.stop();
      removeDataDir();
    };
    return { baseURL: server.baseURL, admin: ADMIN, dataDir, stop };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

/** The arguments `npm run serve` gives node (the root package.json's `serve` script). */
function serveArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return (scripts.serve ?? '').split(/\s+/).slice(1);
}
