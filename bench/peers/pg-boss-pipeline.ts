// Peer pipeline on pg-boss, in its own process (bench/compare.ts starts it): the shared emit route
// (peer-pipeline.ts) inserts the jobs of concurrent emits with one `insert`; PEER_WORKERS pg-boss
// workers (localConcurrency) each fetch up to PEER_BATCH jobs, send them concurrently and settle
// them per job (a failed send alone is retried). PEER_NOTIFY (1) wakes the workers by NOTIFY on each
// insert; PEER_NOTIFY=0 has them poll every half second and fetch back to back while batches come back full.
import { exitOnSigterm, startPeerPipeline } from './peer-pipeline';
import type { PeerJob } from './peer-store';

/**
 * The part of pg-boss 12 this peer uses. pg-boss 12 needs Node 22.12+, so it is an optional
 * dependency that npm leaves out on Node 20; naming the module through a variable and writing its
 * shape here lets the bench type-check there too.
 */
type PgBossModule = {
  PgBoss: new (options: {
    connectionString: string;
    max: number;
  }) => {
    on(event: 'error', listener: (error: unknown) => void): void;
    start(): Promise<unknown>;
    stop(options: { graceful: boolean }): Promise<void>;
    createQueue(
      name: string,
      options: { notify: boolean; retryLimit: number; retryDelay: number },
    ): Promise<void>;
    insert(name: string, jobs: Array<{ data: PeerJob }>): Promise<unknown>;
    work<T>(
      name: string,
      options: {
        localConcurrency: number;
        batchSize: number;
        pollingIntervalSeconds: number;
        burstWhenBatchFull: boolean;
        perJobResults: boolean;
      },
      handler: (
        jobs: Array<{ id: string; data: T }>,
      ) => Promise<Array<{ id: string; status: 'completed' | 'failed' }>>,
    ): Promise<string>;
  };
};
const PG_BOSS: string = 'pg-boss';
const { PgBoss } = (await import(PG_BOSS)) as PgBossModule;

const databaseUrl = process.env.PEER_DATABASE_URL as string;
const workers = Number(process.env.PEER_WORKERS ?? 4);
const batchSize = Number(process.env.PEER_BATCH ?? 50);
const isNotified = process.env.PEER_NOTIFY !== '0';
const QUEUE = 'deliveries';

const boss = new PgBoss({ connectionString: databaseUrl, max: 10 });
boss.on('error', (error) => console.error(error));
await boss.start();
await boss.createQueue(QUEUE, { notify: isNotified, retryLimit: 5, retryDelay: 1 });
const pipeline = await startPeerPipeline(databaseUrl, (jobs) =>
  boss.insert(
    QUEUE,
    jobs.map((data) => ({ data })),
  ),
);
await boss.work<PeerJob>(
  QUEUE,
  {
    localConcurrency: workers,
    batchSize,
    pollingIntervalSeconds: 0.5,
    burstWhenBatchFull: true,
    perJobResults: true,
  },
  (jobs) =>
    Promise.all(
      jobs.map(async (job) => ({
        id: job.id,
        status: (await pipeline.deliver(job.data)) ? ('completed' as const) : ('failed' as const),
      })),
    ),
);
exitOnSigterm(() => boss.stop({ graceful: false }));
