import { afterAll, beforeAll } from 'vitest';
import { testConfig } from '../../src/config';
import { createContext } from '../../src/create-context';
import type { DatabaseHandle } from '../../src/db/client';
import { openDatabase } from '../../src/db/open-database';
import { type DeliveryEngine, startDeliveryEngine } from '../../src/delivery/engine';
import { type Receiver, startReceiver } from './delivery-fixtures';
import { scheduleEngineJobs } from './delivery-harness';
import { createTestApp, type TestApp } from './test-app';

export type SplitRoles = { api: TestApp; worker: DeliveryEngine; close(): Promise<void> };

/**
 * An app with no delivery worker (as an `--role api` process) and a delivery worker in another
 * context on the same database (its own connections on PostgreSQL), both polling only once a minute:
 * a delivery within seconds can only come from the wake through the database.
 */
export async function startSplitRoles(): Promise<SplitRoles> {
  const env = { DELIVERY_POLL_MS: '60000', SECRET_KEY: 'test-secret-key-with-at-least-32-characters' };
  const api = await createTestApp(env);
  const url = (api.ctx.database as DatabaseHandle & { url?: string }).url;
  const workerDatabase = url ? await openDatabase({ kind: 'postgres', url, poolSize: 4 }) : null;
  const workerCtx = await createContext(
    testConfig({ ...env, DATA_DIR: api.ctx.config.DATA_DIR }),
    workerDatabase ?? api.ctx.database,
  );
  const worker = startDeliveryEngine(workerCtx);
  const jobs = scheduleEngineJobs(workerCtx, worker);
  // Its first (empty) claim is done and it listens: it now sleeps for a minute unless woken.
  await worker.ready;
  return {
    api,
    worker,
    async close() {
      await jobs.stop();
      await worker.stop();
      await workerDatabase?.close();
      await api.close();
    },
  };
}

/** A suite's split roles and receiver, started before its tests and closed after them. */
export function useSplitRoles(): { roles(): SplitRoles; receiver(): Receiver } {
  let roles: SplitRoles | undefined;
  let receiver: Receiver | undefined;
  beforeAll(async () => {
    roles = await startSplitRoles();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await roles?.close();
    await receiver?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('split roles are not started');
    return value;
  };
  return { roles: () => started(roles), receiver: () => started(receiver) };
}
