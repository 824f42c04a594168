import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { queueBackend } from './test-queue';

const SCRIPT = fileURLToPath(new URL('./queue-consumer-process.ts', import.meta.url));

/** Starts queue-consumer-process.ts and resolves once it consumes. */
export async function spawnConsumer(env: {
  QUEUE_NAME: string;
  DATABASE_URL: string;
  OUT_FILE: string;
  CONCURRENCY?: string;
  WORK_MS?: string;
  CLOCK_FILE?: string;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, ...env, QUEUE_BACKEND: queueBackend },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`consumer exited early (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return child;
}

/** Lines `<id> <ms>` written by consumer processes. */
export function readProcessed(file: string): Array<{ id: string; at: number }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, at] = line.split(' ');
      return { id: String(id), at: Number(at) };
    });
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
