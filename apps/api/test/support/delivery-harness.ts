import type { AppContext } from '../../src/context';
import { type DeliveryEngine, startDeliveryEngine } from '../../src/delivery/engine';
import { declareJobs } from '../../src/jobs/catalogue';
import { type JobScheduler, startJobScheduler } from '../../src/jobs/scheduler';
import { insertApplication, type Receiver, startReceiver } from './delivery-fixtures';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { useHarness } from './use-test-app';

/** The app and a receiver its deliveries can be sent to. */
export type ReceiverHarness = { t: TestApp; receiver: Receiver };

/** What a delivery suite runs against: the app, its delivery engine, a receiver and one application. */
export type DeliveryHarness = ReceiverHarness & {
  engine: DeliveryEngine;
  /** The engine's periodic jobs (sweep, circuit refresh), as a worker process schedules them. */
  jobs: JobScheduler;
  app: { id: string; apiKey: string };
};

/** The jobs that act on a delivery engine and what it records; the cluster's purge and the queue's are left to their tests. */
const ENGINE_JOBS = ['delivery_sweep', 'circuit_refresh', 'operational_events'];

/** Schedules the engine's jobs as startWorkers does. */
export function scheduleEngineJobs(ctx: AppContext, engine: DeliveryEngine): JobScheduler {
  const jobs = declareJobs(ctx, { sender: engine.sender, breakers: [engine.breaker] });
  return startJobScheduler(
    ctx,
    jobs.filter((job) => ENGINE_JOBS.includes(job.name)),
  );
}

async function startReceiverHarness(
  env: Record<string, string>,
  reply?: Receiver['reply'],
  options: TestAppOptions = {},
) {
  const t = await createTestApp(env, options);
  const receiver = await startReceiver(reply);
  return { t, receiver };
}

async function stopReceiverHarness(harness: ReceiverHarness) {
  await harness.receiver.close();
  await harness.t.close();
}

async function startDeliveryHarness(
  env: Record<string, string>,
  reply?: Receiver['reply'],
  options: TestAppOptions = {},
): Promise<DeliveryHarness> {
  const { t, receiver } = await startReceiverHarness(env, reply, options);
  const engine = startDeliveryEngine(t.ctx);
  const jobs = scheduleEngineJobs(t.ctx, engine);
  const app = await insertApplication(t.ctx);
  return { t, engine, jobs, receiver, app };
}

/** Stops the engine before the receiver and the database it uses. */
async function stopDeliveryHarness(harness: DeliveryHarness) {
  await harness.jobs.stop();
  await harness.engine.stop();
  await stopReceiverHarness(harness);
}

/** The app and a receiver for the file's tests, without a delivery engine (the tests start their own). */
export function useReceiverHarness(
  env: Record<string, string>,
  reply?: Receiver['reply'],
  options: TestAppOptions = {},
): ReceiverHarness {
  return useHarness(() => startReceiverHarness(env, reply, options), stopReceiverHarness);
}

/**
 * The app, its delivery engine, a receiver and one application for the file's tests; with
 * `options.clock`, the app (and so its engine) runs on that clock.
 */
export function useDeliveryHarness(
  env: Record<string, string>,
  reply?: Receiver['reply'],
  options: TestAppOptions = {},
): DeliveryHarness {
  return useHarness(() => startDeliveryHarness(env, reply, options), stopDeliveryHarness);
}
