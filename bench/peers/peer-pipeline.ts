// What both peer pipelines share around their queue: the Fastify emit route (rows written, then the
// jobs handed to the queue before the 202) and the worker's send-and-record (a Standard Webhooks
// signed undici POST, then the attempt row and final status). Each peer brings only its queue.
import { createHash, createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { createBatcher } from '../../apps/api/src/lib/batcher';
import {
  createAttemptRecorder,
  createEmitRecorder,
  openPeerPool,
  PEER_BATCH,
  type PeerAttempt,
  type PeerJob,
} from './peer-store';

export type PeerPipeline = {
  /** Sends the job and records its attempt; answers whether the receiver took it (2xx). */
  deliver(job: PeerJob): Promise<boolean>;
};

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });

/**
 * Starts the emit route on `databaseUrl`'s tables; `enqueue` puts the jobs of concurrent emits on the
 * queue (one call for all of them). Announces the route's URL on stdout as one JSON line, as the
 * bench's other processes do.
 */
export async function startPeerPipeline(
  databaseUrl: string,
  enqueue: (jobs: PeerJob[]) => Promise<unknown>,
): Promise<PeerPipeline> {
  const pool = openPeerPool(databaseUrl, 10);
  const emits = createEmitRecorder(pool);
  const attempts = createAttemptRecorder(pool);
  const queue = createBatcher(async (lists: PeerJob[][]) => {
    await enqueue(lists.flat());
    return lists.map(() => undefined);
  }, PEER_BATCH);
  const app = Fastify({ logger: false });
  app.post('/v1/events/emit', async (req, reply) => {
    const body = req.body as { eventType?: string; data?: unknown };
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || typeof body?.eventType !== 'string') return reply.code(400).send({});
    const jobs = await emits.submit({
      apiKeyHash: createHash('sha256').update(key).digest('hex'),
      eventType: body.eventType,
      data: body.data ?? {},
    });
    if (!jobs) return reply.code(404).send({});
    await queue.submit(jobs);
    reply.code(202);
    return { id: jobs[0]?.eventId, deliveries: jobs.length, ignored: 0 };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  return { deliver: (job) => sendPeerJob(job, (attempt) => attempts.submit(attempt)) };
}

async function sendPeerJob(job: PeerJob, record: (attempt: PeerAttempt) => Promise<void>): Promise<boolean> {
  const timestamp = Math.floor(Date.now() / 1000);
  const key = Buffer.from(job.secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${job.deliveryId}.${timestamp}.${job.body}`)
    .digest('base64');
  const started = performance.now();
  let statusCode: number | null = null;
  try {
    const response = await request(job.url, {
      method: 'POST',
      dispatcher: agent,
      body: job.body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': job.deliveryId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': `v1,${signature}`,
      },
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    statusCode = response.statusCode;
    await response.body.text();
  } catch {
    statusCode = null;
  }
  const isSuccess = statusCode !== null && statusCode >= 200 && statusCode < 300;
  // The queue retries a failed send; the delivery row says RETRYING meanwhile.
  await record({
    deliveryId: job.deliveryId,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    status: isSuccess ? 'SUCCESS' : 'RETRYING',
  });
  return isSuccess;
}

/** On SIGTERM (the bench stopping the peer): closes the peer's queue, then exits. */
export function exitOnSigterm(close: () => Promise<unknown>) {
  process.on('SIGTERM', async () => {
    await close().catch((error) => console.error(error));
    process.exit(0);
  });
}
