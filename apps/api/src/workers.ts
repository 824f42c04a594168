import type { AppContext } from './context';
import { stopContext } from './create-context';
import { startDeliveryEngine } from './delivery/engine';
import { declareJobs } from './jobs/catalogue';
import { startJobScheduler } from './jobs/scheduler';
import { emitLinkedEventThrough } from './modules/emit-rules/emit-linked-event';
import { startPipelineWorker } from './pipeline/worker';

export type Workers = { stop(): Promise<void> };

/**
 * Background work of a `worker`/`all` process: the delivery engine, the pipeline's queue consumer,
 * and the scheduler of the periodic jobs (jobs/catalogue.ts), stopped first so no job runs against
 * an engine being stopped.
 */
export async function startWorkers(ctx: AppContext): Promise<Workers> {
  const delivery = startDeliveryEngine(ctx);
  const pipeline = startPipelineWorker(ctx, { emitLinkedEvent: emitLinkedEventThrough(ctx) });
  const breakers = [delivery.breaker, ...(pipeline.breaker ? [pipeline.breaker] : [])];
  const scheduler = startJobScheduler(ctx, declareJobs(ctx, { sender: delivery.sender, breakers }));
  return {
    async stop() {
      await scheduler.stop();
      await Promise.all([delivery.stop(), pipeline.stop()]);
      // Rules emit linked events through the emit path, whose cache listens on a connection of its own.
      await stopContext(ctx);
    },
  };
}
