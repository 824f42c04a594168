import type { AppContext } from '../context';
import { CIRCUIT_REFRESH_MS, type CircuitBreaker } from '../delivery/circuit-breaker';
import { sweepDeliveries } from '../delivery/housekeeping';
import { processOperationalEvents } from '../delivery/operational-events';
import { runRetentionPurge } from '../delivery/retention-purge';
import type { Sender } from '../delivery/sender';
import { republishStaleEventLogs } from '../pipeline/republish-stale';
import type { Job } from './scheduler';

/** What the jobs act on in this process: the delivery engine's sender and every circuit breaker. */
export type JobParts = { sender: Sender; breakers: CircuitBreaker[] };

const MINUTE_MS = 60_000;

/**
 * The periodic work of a worker process, all of it: one row per job with its interval, its lease
 * (`process`: each process on its own state; `cluster`: one process per interval) and its timeout.
 * Run by the scheduler (./scheduler.ts), started and stopped with the workers.
 */
export function declareJobs(ctx: AppContext, parts: JobParts): Job[] {
  const { config } = ctx;
  const jobs: Job[] = [
    {
      // Deliveries no worker will send (their subscription was disabled) end, due callbacks go.
      name: 'delivery_sweep',
      everyMs: config.DELIVERY_SWEEP_MS,
      lease: 'process',
      timeoutMs: MINUTE_MS,
      run: () => sweepDeliveries(ctx, parts.sender),
    },
    {
      // Each process's view of the circuits other processes opened or closed.
      name: 'circuit_refresh',
      everyMs: CIRCUIT_REFRESH_MS,
      lease: 'process',
      timeoutMs: 10_000,
      run: () => Promise.all(parts.breakers.map((breaker) => breaker.refresh())),
    },
    {
      // Operational events the triggers wrote become their recipients' notifications.
      name: 'operational_events',
      everyMs: config.OPERATIONAL_EVENTS_POLL_MS,
      lease: 'process',
      timeoutMs: MINUTE_MS,
      run: (signal) => processOperationalEvents(ctx, signal),
    },
    {
      // Expired log partitions dropped, what is not final kept (delivery/retention-policy.ts).
      name: 'retention_purge',
      everyMs: 60 * MINUTE_MS,
      lease: 'cluster',
      timeoutMs: 30 * MINUTE_MS,
      run: () => runRetentionPurge(ctx),
    },
  ];
  if (ctx.queue) {
    jobs.push({
      // Event logs whose message was lost (a publish that failed, a crash) are published again.
      name: 'republish_stale_event_logs',
      everyMs: Math.max(1_000, Math.floor(config.QUEUE_REPUBLISH_AFTER_MS / 4)),
      lease: 'process',
      timeoutMs: 5 * MINUTE_MS,
      run: () => republishStaleEventLogs(ctx),
    });
  }
  return jobs;
}
