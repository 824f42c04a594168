// Peer pipeline on pg-boss, in its own process (bench/compare.ts starts it): the shared emit route
// (peer-pipeline.ts) inserts the jobs of concurrent emits with one `insert`; PEER_WORKERS pg-boss
// workers (localConcurrency) each fetch up to PEER_BATCH jobs, send them concurrently and settle
// them per job (a failed send alone is retried). PEER_NOTIFY (1) wakes the workers by NOTIFY on each
// insert; PEER_NOTIFY=0 has them poll every half second and fetch back to back while batches come back full.
import { PgBoss } from 'pg-boss';
import { exitOnSigterm, startPeerPipeline } from './peer-pipeline';
import type { PeerJob } from './peer-store';

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
