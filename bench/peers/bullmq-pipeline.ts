// Peer pipeline on BullMQ (Redis at PEER_REDIS_URL, rows in PostgreSQL), in its own process
// (bench/compare.ts starts it): Fastify emit → event and delivery rows + a BullMQ job; one BullMQ
// worker with PEER_CONCURRENCY jobs in flight sends and records.
import { createHash } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import Fastify from 'fastify';
import { announce, openPeerPool, type PeerJob, recordPeerEmit, sendPeerJob } from './peer-store';

const databaseUrl = process.env.PEER_DATABASE_URL as string;
const redisUrl = new URL(process.env.PEER_REDIS_URL ?? 'redis://127.0.0.1:6379');
const connection = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };
const concurrency = Number(process.env.PEER_CONCURRENCY ?? 64);
const QUEUE = `deliveries-${process.pid}`;

const pool = openPeerPool(databaseUrl, 10);
const queue = new Queue<PeerJob>(QUEUE, { connection });
const worker = new Worker<PeerJob>(QUEUE, async (job) => sendPeerJob(pool, job.data), {
  connection,
  concurrency,
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 1000 },
});
worker.on('error', (error) => console.error(error));

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
  for (const job of jobs)
    await queue.add('deliver', job, {
      attempts: 5,
      backoff: { type: 'fixed', delay: 1000 },
      removeOnComplete: 1000,
    });
  reply.code(202);
  return { id: jobs[0]?.eventId, deliveries: jobs.length, ignored: 0 };
});
announce(await app.listen({ port: 0, host: '127.0.0.1' }));

process.on('SIGTERM', async () => {
  await worker.close();
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
  process.exit(0);
});
