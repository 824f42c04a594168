import { afterAll, beforeAll } from 'vitest';
import { type DeliveryEngine, startDeliveryEngine } from '../../src/delivery/engine';
import { insertApplication, type Receiver, startReceiver } from './delivery-fixtures';
import { createTestApp, type TestApp } from './test-app';

/** What a delivery suite runs against: the app, its delivery engine, a receiver and one application. */
export type DeliveryHarness = {
  t: TestApp;
  engine: DeliveryEngine;
  receiver: Receiver;
  app: { id: string; apiKey: string };
};

async function startDeliveryHarness(
  env: Record<string, string>,
  reply?: Receiver['reply'],
): Promise<DeliveryHarness> {
  const t = await createTestApp(env);
  const engine = startDeliveryEngine(t.ctx);
  const receiver = await startReceiver(reply);
  const app = await insertApplication(t.ctx);
  return { t, engine, receiver, app };
}

/** Stops the engine before the receiver and the database it uses. */
async function stopDeliveryHarness(harness: DeliveryHarness) {
  await harness.engine.stop();
  await harness.receiver.close();
  await harness.t.close();
}

/**
 * Starts a harness before the file's tests and stops it after them. The object it returns is
 * filled in by the time any test runs; read its fields inside tests and hooks, not at load time.
 */
export function useDeliveryHarness(env: Record<string, string>, reply?: Receiver['reply']): DeliveryHarness {
  const harness = {} as DeliveryHarness;
  beforeAll(async () => {
    Object.assign(harness, await startDeliveryHarness(env, reply));
  });
  afterAll(() => stopDeliveryHarness(harness));
  return harness;
}
