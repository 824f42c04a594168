import type { AppContext } from './context';
import { startRetentionPurge } from './db/retention-job';
import { startDeliveryEngine } from './delivery/engine';
import { stopEmitTargetCache } from './modules/emit/load-emit-target';
import { emitLinkedEventThrough } from './modules/emit-rules/emit-linked-event';
import { startPipelineWorker } from './pipeline/worker';

export type Workers = { stop(): Promise<void> };

/**
 * Background work of a `worker`/`all` process. Each engine (delivery, queue)
 * adds its start here and returns a stop that finishes or releases in-flight work.
 */
export async function startWorkers(ctx: AppContext): Promise<Workers> {
  const stops: Array<() => Promise<void>> = [];
  const delivery = startDeliveryEngine(ctx);
  stops.push(() => delivery.stop());
  const pipeline = startPipelineWorker(ctx, { emitLinkedEvent: emitLinkedEventThrough(ctx) });
  stops.push(() => pipeline.stop());
  // Rules emit linked events through the emit path, whose cache listens on a connection of its own.
  stops.push(() => stopEmitTargetCache(ctx));
  // Expired log partitions dropped once per cluster (a lease row), checked every minute.
  stops.push(startRetentionPurge(ctx));
  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
