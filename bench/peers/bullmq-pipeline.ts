// Peer pipeline on BullMQ (Redis at PEER_REDIS_URL, rows in PostgreSQL), in its own process
// (bench/compare.ts starts it): the shared emit route (peer-pipeline.ts) adds the jobs of concurrent
// emits with one `addBulk`; one BullMQ worker with PEER_CONCURRENCY jobs in flight sends and records.
import { Queue, Worker } from 'bullmq';
import { exitOnSigterm, startPeerPipeline } from './peer-pipeline';
import type { PeerJob } from './peer-store';

const databaseUrl = process.env.PEER_DATABASE_URL as string;
const redisUrl = new URL(process.env.PEER_REDIS_URL ?? 'redis://127.0.0.1:6379');
const connection = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };
const concurrency = Number(process.env.PEER_CONCURRENCY ?? 100);
const QUEUE = `deliveries-${process.pid}`;
const JOB_OPTIONS = { attempts: 5, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: 1000 };

const queue = new Queue<PeerJob>(QUEUE, { connection });
const pipeline = await startPeerPipeline(databaseUrl, (jobs) =>
  queue.addBulk(jobs.map((data) => ({ name: 'deliver', data, opts: JOB_OPTIONS }))),
);
const worker = new Worker<PeerJob>(
  QUEUE,
  async (job) => {
    if (!(await pipeline.deliver(job.data))) throw new Error(`delivery ${job.data.deliveryId} failed`);
  },
  { connection, concurrency, removeOnComplete: { count: 1000 }, removeOnFail: { count: 1000 } },
);
worker.on('error', (error) => console.error(error));

exitOnSigterm(async () => {
  await worker.close();
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
});
