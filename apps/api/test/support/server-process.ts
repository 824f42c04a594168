import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { waitFor } from './wait-for';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string };

/** A start that timed out fails with what the process printed. */
const addOutput = (output: () => string) => (error: Error) => {
  throw new Error(`${error.message}:\n${output()}`);
};

/**
 * The real server (`node --import tsx apps/api/src/main.ts`) in a child process, resolved once /healthz
 * answers. `root`: another checkout to run (a benchmark's baseline), this one by default.
 * BENCH_SERVER_ENTRY=build (benchmarks set it) runs the production build instead, as `npm start` does.
 */
export async function spawnServer(env: Record<string, string>, root = REPO_ROOT): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const { child, output } = startMain({ LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: port }, root);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
      return fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    60_000,
    'the server to start',
  ).catch(addOutput(output));
  return { url, child, output };
}

/** A `--role worker` process (no HTTP): resolves once it has started its workers. */
export async function spawnWorker(env: Record<string, string>): Promise<ServerProcess> {
  const { child, output } = startMain({ LOG_LEVEL: 'info', ...env, ROLE: 'worker' });
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`worker exited early:\n${output()}`);
      return output().includes('webhook manager started');
    },
    60_000,
    'the worker to start',
  ).catch(addOutput(output));
  return { url: '', child, output };
}

/** The real server in a child process that is expected to refuse to start: its exit code and output. */
export async function spawnFailingServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = startMain({ LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  clearTimeout(timer);
  return { code, output: output() };
}

/** The node flags of the production start (the root package.json's `serve`): the server runs as deployed. */
export function productionNodeFlags(root = REPO_ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return (scripts.serve ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

const builtRoots = new Set<string>();

/** The entry point of `root`'s server: its sources through tsx, or its production build (built once here). */
function entryArguments(root: string): string[] {
  if (process.env.BENCH_SERVER_ENTRY !== 'build') return ['--import', 'tsx', 'apps/api/src/main.ts'];
  if (!builtRoots.has(root)) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: join(root, 'apps', 'api'),
      stdio: 'inherit',
    });
    builtRoots.add(root);
  }
  return ['apps/api/dist/src/main.js'];
}

/** apps/api/src/main.ts (or its build) in a child process, its output kept (the last 20,000 characters). */
function startMain(env: Record<string, string>, root = REPO_ROOT) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS lets a benchmark profile the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...productionNodeFlags(root), ...nodeArgs, ...entryArguments(root)],
    {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => output };
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(signal);
  await exited;
}
