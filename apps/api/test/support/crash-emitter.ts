import type { ServerProcess } from './server-process';
import { queueBackend, TEST_RABBITMQ_URL } from './test-queue';

/**
 * The environment of a server that is killed and restarted mid-work: a dead process's claims
 * (queue rows, delivery leases) come back quickly, and emits cut off between commit and publish
 * are put back on the queue by the sweep.
 */
export function crashServerEnv(input: { name: string; databaseUrl: string; queueName: string }) {
  return {
    DATABASE_URL: input.databaseUrl,
    SECRET_KEY: `${input.name}-secret-key-with-32-characters`,
    ADMIN_EMAIL: `${input.name}@test.local`,
    ADMIN_PASSWORD: 'crash-secret-1',
    ALLOW_PRIVATE_TARGETS: 'true',
    QUEUE_NAME: input.queueName,
    QUEUE_POLL_MS: '20',
    QUEUE_LEASE_MS: '2000',
    DELIVERY_LEASE_MS: '2000',
    DELIVERY_RETRY_DELAYS_MS: '50',
    QUEUE_REPUBLISH_AFTER_MS: '2000',
    ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
  } satisfies Record<string, string>;
}

/** POSTs `body` with the application's key to `path` on the server; anything but 202 throws. */
export async function postAccepted(server: ServerProcess, path: string, apiKey: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`${path} answered ${response.status}`);
  return response.json() as Promise<unknown>;
}

/**
 * Runs `emitOne` for every index below `count`, eight at a time, until each succeeds or the
 * emitter is halted because the server dies; an index whose request the kill cut off is tried
 * again on resume (its first try may or may not have been stored).
 */
export function createHaltableEmitter(count: number, emitOne: (index: number) => Promise<void>) {
  const todo = Array.from({ length: count }, (_, index) => count - 1 - index);
  let isHalted = false;
  const run = () =>
    Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let index = todo.pop(); index !== undefined; index = isHalted ? undefined : todo.pop()) {
          try {
            await emitOne(index);
          } catch (error) {
            if (!isHalted) throw error;
            todo.push(index);
          }
        }
      }),
    );
  return {
    run,
    halt() {
      isHalted = true;
    },
    resume() {
      isHalted = false;
      return run();
    },
  };
}
