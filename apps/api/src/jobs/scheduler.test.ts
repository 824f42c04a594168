import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createMetrics } from '../lib/metrics';
import { type Job, startJobScheduler } from './scheduler';

/** A process job that runs until released, counting its runs. */
function heldJob(name: string) {
  let release = () => {};
  let runs = 0;
  const job: Job = {
    name,
    everyMs: 3_600_000,
    lease: 'process',
    timeoutMs: 3_600_000,
    run: () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
  return { job, release: () => release(), runs: () => runs };
}

function startWith(jobs: Job[]) {
  const metrics = createMetrics();
  const scheduler = startJobScheduler(
    {
      // Process jobs take no lease: the database is never asked.
      database: {} as DatabaseHandle,
      clock: () => new Date(0),
      logger: pino({ level: 'silent' }),
      metrics,
    },
    jobs,
  );
  return { scheduler, metrics };
}

describe('job scheduler', () => {
  it('When a job is asked to run while its run is going, then it runs once, and its outcome is counted by name', async () => {
    const held = heldJob('held_job');
    const { scheduler, metrics } = startWith([held.job]);
    const first = scheduler.runNow('held_job');
    const second = scheduler.runNow('held_job');
    expect(held.runs()).toBe(1);
    held.release();
    await Promise.all([first, second]);
    await scheduler.stop();
    expect(await metrics.render()).toContain('webhook_job_runs_total{job="held_job",outcome="ok"} 1');
  });

  it('When a job fails, then the failure is counted and the next run goes', async () => {
    let runs = 0;
    const failing: Job = {
      name: 'failing_job',
      everyMs: 3_600_000,
      lease: 'process',
      timeoutMs: 3_600_000,
      run: async () => {
        runs += 1;
        throw new Error('boom');
      },
    };
    const { scheduler, metrics } = startWith([failing]);
    await scheduler.runNow('failing_job');
    await scheduler.runNow('failing_job');
    await scheduler.stop();
    expect(runs).toBe(2);
    expect(await metrics.render()).toContain('webhook_job_runs_total{job="failing_job",outcome="failed"} 2');
  });
});
