import type { AppContext } from '../context';
import { claimClusterRun } from '../db/cluster-lease';

/**
 * Who runs a job: `process`, every process that runs the workers, each on its own timer (it acts on
 * that process's state); `cluster`, one process per interval, the one whose claim of the job's row
 * moves its next run on.
 */
export type JobLease = 'process' | 'cluster';

/** A row of the job catalogue. */
export type Job = {
  /** snake_case; the `job` label of its metrics and the key of its cluster lease. */
  name: string;
  /** Time between runs: in each process for `process`, in the whole cluster for `cluster`. */
  everyMs: number;
  lease: JobLease;
  /** A run still going after this is logged and counted as timed out; the next waits for it to end. */
  timeoutMs: number;
  run(signal: AbortSignal): Promise<unknown>;
};

export type JobScheduler = {
  /** Runs one job now, as its timer would (lease, timeout, metrics): for tests and operators. */
  runNow(name: string): Promise<void>;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
};

/** A process looks at least this often whether a cluster job is due, so one process's death delays it little. */
const CLUSTER_CHECK_MS = 60_000;
const RUNS = 'webhook_job_runs_total';
const DURATION = 'webhook_job_duration_seconds';
const JOB_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600];

/**
 * The one scheduler of periodic work: a timer per job of the catalogue, at most one run of a job at
 * a time in a process (a tick that finds it running is skipped, so a slow run never piles up), each
 * run logged when it fails and measured (`webhook_job_runs_total{job,outcome}`,
 * `webhook_job_duration_seconds{job}`). Cluster jobs are looked at on start and then every
 * min(interval, 1 min); the work itself reads ctx.clock, so tests drive it with `runNow`.
 */
export function startJobScheduler(
  ctx: Pick<AppContext, 'database' | 'clock' | 'logger' | 'metrics'>,
  jobs: Job[],
) {
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];

  for (const job of jobs) {
    for (const outcome of ['ok', 'failed', 'timeout']) {
      ctx.metrics.increment(RUNS, 'Runs of the periodic jobs, by outcome', { job: job.name, outcome }, 0);
    }
    ctx.metrics.zeroHistogram(
      DURATION,
      'Duration of the periodic jobs',
      { job: job.name },
      JOB_SECONDS_BUCKETS,
    );
  }

  const execute = async (job: Job) => {
    if (job.lease === 'cluster' && !(await claimClusterRun(ctx, job.name, job.everyMs))) return;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), job.timeoutMs);
    });
    const done = job.run(stopping.signal).then(() => 'ok' as const);
    try {
      const first = await Promise.race([done, timedOut]);
      if (first === 'timeout') {
        ctx.logger.warn({ job: job.name, timeoutMs: job.timeoutMs }, 'job is taking longer than its timeout');
        ctx.metrics.increment(RUNS, 'Runs of the periodic jobs, by outcome', {
          job: job.name,
          outcome: 'timeout',
        });
        await done;
      } else {
        ctx.metrics.increment(RUNS, 'Runs of the periodic jobs, by outcome', {
          job: job.name,
          outcome: 'ok',
        });
      }
    } finally {
      clearTimeout(timer);
      ctx.metrics.observe(
        DURATION,
        'Duration of the periodic jobs',
        (performance.now() - started) / 1_000,
        { job: job.name },
        JOB_SECONDS_BUCKETS,
      );
    }
  };

  const tick = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const run = execute(job)
      .catch((error) => {
        ctx.metrics.increment(RUNS, 'Runs of the periodic jobs, by outcome', {
          job: job.name,
          outcome: 'failed',
        });
        ctx.logger.error({ err: error, job: job.name }, 'job failed; it runs again at its next turn');
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  for (const job of jobs) {
    const isCluster = job.lease === 'cluster';
    const timer = setInterval(
      () => void tick(job),
      isCluster ? Math.min(job.everyMs, CLUSTER_CHECK_MS) : job.everyMs,
    );
    timer.unref();
    timers.push(timer);
    // A cluster job may be long overdue (every process was down): looked at on start.
    if (isCluster) void tick(job);
  }

  return {
    runNow(name: string) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      return tick(job);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      stopping.abort();
      await Promise.all(running.values());
    },
  } satisfies JobScheduler;
}
