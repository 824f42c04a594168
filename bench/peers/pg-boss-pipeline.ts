// Peer pipeline on pg-boss, in its own process (bench/compare.ts starts it): Fastify emit → event
// and delivery rows + a pg-boss job; pg-boss workers send and record. PEER_CONCURRENCY workers
// (localConcurrency) each fetch PEER_BATCH jobs at a time and send them concurrently.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { PgBoss } from 'pg-boss';
import { announce, openPeerPool, type PeerJob, recordPeerEmit, sendPeerJob } from './peer-store';

const databaseUrl = process.env.PEER_DATABASE_URL as string;
const concurrency = Number(process.env.PEER_CONCURRENCY ?? 4);
const batchSize = Number(process.env.PEER_BATCH ?? 10);
const QUEUE = 'deliveries';

const pool = openPeerPool(databaseUrl, 10);
const boss = new PgBoss({ connectionString: databaseUrl, max: 10 });
boss.on('error', (error) => console.error(error));
await boss.start();
await boss.createQueue(QUEUE, { notify: true, retryLimit: 5, retryDelay: 1 });
await boss.work<PeerJob>(
  QUEUE,
  { localConcurrency: concurrency, batchSize, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true },
  async (jobs) => {
    const results = await Promise.allSettled(jobs.map((job) => sendPeerJob(pool, job.data)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  },
);

const app = Fastify({ logger: false });
app.post('/v1/events/emit', async (request, reply) => {
  const body = request.body as { eventType?: string; data?: unknown };
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || typeof body?.eventType !== 'string') return reply.code(400).send({});
  const jobs = await recordPeerEmit(
    pool,
    createHash('sha256').update(key).digest('hex'),
    body.eventType,
    body.data ?? {},
  );
  if (!jobs) return reply.code(404).send({});
  for (const job of jobs) await boss.send(QUEUE, job);
  reply.code(202);
  return { id: jobs[0]?.eventId, deliveries: jobs.length, ignored: 0 };
});
announce(await app.listen({ port: 0, host: '127.0.0.1' }));
