// What both peer pipelines share: their tables in PostgreSQL, the emit's two statements, the
// Standard Webhooks signature and the worker's send-and-record. Peers are what a team would build
// in a week on a general queue; they do the same durable work per delivery as Webhook Manager's
// immediate path: an event row, a delivery row, a queue job, a signed undici POST, an attempt row
// and the delivery's final status.
import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Agent, request } from 'undici';

export const PEER_SCHEMA = `
CREATE TABLE IF NOT EXISTS peer_subscriptions (
  id uuid PRIMARY KEY, api_key_hash text NOT NULL, event_type text NOT NULL, url text NOT NULL, secret text NOT NULL);
CREATE INDEX IF NOT EXISTS peer_subscriptions_key ON peer_subscriptions (api_key_hash, event_type);
CREATE TABLE IF NOT EXISTS peer_events (
  id uuid PRIMARY KEY, event_type text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS peer_deliveries (
  id uuid PRIMARY KEY, event_id uuid NOT NULL REFERENCES peer_events (id), subscription_id uuid NOT NULL,
  status text NOT NULL, attempts int NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS peer_deliveries_event ON peer_deliveries (event_id);
CREATE TABLE IF NOT EXISTS peer_attempts (
  id bigserial PRIMARY KEY, delivery_id uuid NOT NULL REFERENCES peer_deliveries (id), status_code int,
  duration_ms int NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
`;

const FIND_SUBSCRIPTIONS = {
  name: 'peer_find_subscriptions',
  text: 'SELECT id, url, secret FROM peer_subscriptions WHERE api_key_hash = $1 AND event_type = $2',
};
const INSERT_EVENT_AND_DELIVERY = {
  name: 'peer_insert_event_and_delivery',
  text: `WITH e AS (INSERT INTO peer_events (id, event_type, data) VALUES ($1, $2, $3) RETURNING id)
    INSERT INTO peer_deliveries (id, event_id, subscription_id, status) SELECT $4, e.id, $5, 'PENDING' FROM e`,
};
const RECORD_ATTEMPT = {
  name: 'peer_record_attempt',
  text: `WITH a AS (INSERT INTO peer_attempts (delivery_id, status_code, duration_ms) VALUES ($1, $2, $3))
    UPDATE peer_deliveries SET status = $4, attempts = attempts + 1, updated_at = now() WHERE id = $1`,
};

export type PeerJob = { deliveryId: string; eventId: string; url: string; secret: string; body: string };

export function openPeerPool(url: string, max = 10) {
  return new pg.Pool({ connectionString: url, max });
}

/** The emit's durable part: answers the jobs to enqueue (one per subscription), or null for 404. */
export async function recordPeerEmit(
  pool: pg.Pool,
  apiKeyHash: string,
  eventType: string,
  data: unknown,
): Promise<PeerJob[] | null> {
  const { rows } = await pool.query<{ id: string; url: string; secret: string }>({
    ...FIND_SUBSCRIPTIONS,
    values: [apiKeyHash, eventType],
  });
  if (rows.length === 0) return null;
  const eventId = randomUUID();
  const body = JSON.stringify({ type: eventType, timestamp: new Date().toISOString(), data });
  const jobs: PeerJob[] = [];
  for (const subscription of rows) {
    const deliveryId = randomUUID();
    await pool.query({
      ...INSERT_EVENT_AND_DELIVERY,
      values: [eventId, eventType, JSON.stringify(data), deliveryId, subscription.id],
    });
    jobs.push({ deliveryId, eventId, url: subscription.url, secret: subscription.secret, body });
  }
  return jobs;
}

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });

/** The worker's part: the signed POST, then the attempt row and the final status in one statement. */
export async function sendPeerJob(pool: pg.Pool, job: PeerJob): Promise<void> {
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
  await pool.query({
    ...RECORD_ATTEMPT,
    values: [
      job.deliveryId,
      statusCode,
      Math.round(performance.now() - started),
      isSuccess ? 'SUCCESS' : 'RETRYING',
    ],
  });
  // The queue retries a failed send; the delivery row says RETRYING meanwhile.
  if (!isSuccess) throw new Error(`delivery ${job.deliveryId} answered ${statusCode}`);
}

/** Announces the peer's URL on stdout (one JSON line), as the bench's other processes do. */
export function announce(url: string) {
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}
