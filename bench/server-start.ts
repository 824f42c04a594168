/**
 * Start time and idle memory of the server as `npm start` runs it (`node` on the build in
 * apps/api/dist) against the development way (`node --import tsx` on the TypeScript sources), on
 * the embedded database (PGlite) of README's first command, created beforehand so that the one-off
 * initdb is left out. The two ways alternate, each start on the same data directory:
 *
 *   npm run bench -- start [--runs 5]
 *
 * Prints per way the median time from spawn to the first 200 of /healthz, and the resident memory
 * (VmRSS) after 3 s idle, and the build's ratio to tsx. Build first (`npm run build -w @wm/api`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../apps/api/test/support/server-process';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const WAYS = {
  build: ['--enable-source-maps', 'apps/api/dist/src/main.js'],
  tsx: ['--import', 'tsx', 'apps/api/src/main.ts'],
} as const;
type Way = keyof typeof WAYS;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
if (!existsSync(join(REPO_ROOT, WAYS.build[1]))) {
  console.error('Build first: npm run build -w @wm/api');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'wm-bench-start-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SECRET_KEY: 'bench-secret-key-with-at-least-32-characters',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'troque-esta-senha',
};

const residentKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

async function startOnce(way: Way): Promise<{ ms: number; rssMb: number }> {
  const port = await freePort();
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, WAYS[way], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${way}: the server exited with ${child.exitCode}`);
      const isUp = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (isUp) break;
      await new Promise((done) => setTimeout(done, 10));
    }
    const ms = performance.now() - startedAt;
    await new Promise((done) => setTimeout(done, 3_000));
    return { ms, rssMb: residentKb(child.pid ?? 0) / 1024 };
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

try {
  await startOnce('build'); // creates the data directory (initdb), left out of the figures
  const figures: Record<Way, Array<{ ms: number; rssMb: number }>> = { build: [], tsx: [] };
  for (let run = 0; run < runs; run++) {
    for (const way of run % 2 === 0 ? (['build', 'tsx'] as const) : (['tsx', 'build'] as const)) {
      figures[way].push(await startOnce(way));
    }
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  for (const way of ['build', 'tsx'] as const) {
    const all = figures[way];
    console.log(
      `${way.padEnd(5)} start ${median(all.map((f) => f.ms)).toFixed(0)} ms (${all.map((f) => f.ms.toFixed(0)).join(', ')}), ` +
        `idle RSS ${median(all.map((f) => f.rssMb)).toFixed(0)} MB (${all.map((f) => f.rssMb.toFixed(0)).join(', ')})`,
    );
  }
  const ratio = (pick: (f: { ms: number; rssMb: number }) => number) =>
    (median(figures.build.map(pick)) / median(figures.tsx.map(pick))).toFixed(2);
  console.log(`build / tsx: start ${ratio((f) => f.ms)}×, idle RSS ${ratio((f) => f.rssMb)}×; load ${load}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
