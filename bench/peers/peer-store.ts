// What both peer pipelines keep in PostgreSQL: their tables and the two writes of a delivery's life.
// Peers are what a competent team would build in a week on a general queue; they do the same
// durable work per delivery as Webhook Manager's immediate path: an event row, a delivery row, a
// queue job, a signed undici POST, an attempt row and the delivery's final status. Like our emit
// path, both writes group-commit concurrent callers: one statement for every emit (or attempt) that
// arrives while the previous statement is in flight.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Batcher, createBatcher } from '../../apps/api/src/lib/batcher';

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

/** Emits in, matching subscriptions looked up, and the event and delivery rows written: one statement. */
const RECORD_EMITS = {
  name: 'peer_record_emits',
  text: `WITH input AS MATERIALIZED (
      SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::jsonb[], $5::uuid[])
        AS i (n, api_key_hash, event_type, data, event_id)),
    matched AS MATERIALIZED (
      SELECT i.n, i.event_id, s.id AS subscription_id, s.url, s.secret, gen_random_uuid() AS delivery_id
      FROM input i JOIN peer_subscriptions s ON s.api_key_hash = i.api_key_hash AND s.event_type = i.event_type),
    events AS (
      INSERT INTO peer_events (id, event_type, data)
      SELECT event_id, event_type, data FROM input WHERE n IN (SELECT n FROM matched)),
    deliveries AS (
      INSERT INTO peer_deliveries (id, event_id, subscription_id, status)
      SELECT delivery_id, event_id, subscription_id, 'PENDING' FROM matched)
    SELECT n, event_id, delivery_id, url, secret FROM matched`,
};
/** Attempt rows and final statuses of many sends: one statement. */
const RECORD_ATTEMPTS = {
  name: 'peer_record_attempts',
  text: `WITH input AS MATERIALIZED (
      SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[]) AS i (delivery_id, status_code, duration_ms, status)),
    attempts AS (
      INSERT INTO peer_attempts (delivery_id, status_code, duration_ms)
      SELECT delivery_id, status_code, duration_ms FROM input)
    UPDATE peer_deliveries d SET status = i.status, attempts = d.attempts + 1, updated_at = now()
    FROM input i WHERE d.id = i.delivery_id`,
};

export type PeerJob = { deliveryId: string; eventId: string; url: string; secret: string; body: string };
export type PeerEmit = { apiKeyHash: string; eventType: string; data: unknown };
export type PeerAttempt = {
  deliveryId: string;
  statusCode: number | null;
  durationMs: number;
  status: 'SUCCESS' | 'RETRYING';
};

/** How the peers group-commit: up to 256 callers a statement, up to 4 statements in flight. */
export const PEER_BATCH = { maxSize: 256, maxInFlight: 4 };

export function openPeerPool(url: string, max = 10) {
  return new pg.Pool({ connectionString: url, max });
}

/** The emit's durable part: answers the jobs to enqueue (one per subscription), or null for 404. */
export function createEmitRecorder(pool: pg.Pool): Batcher<PeerEmit, PeerJob[] | null> {
  return createBatcher(async (emits) => {
    const eventIds = emits.map(() => randomUUID());
    const { rows } = await pool.query<{
      n: number;
      event_id: string;
      delivery_id: string;
      url: string;
      secret: string;
    }>({
      ...RECORD_EMITS,
      values: [
        emits.map((_, index) => index),
        emits.map((emit) => emit.apiKeyHash),
        emits.map((emit) => emit.eventType),
        emits.map((emit) => JSON.stringify(emit.data)),
        eventIds,
      ],
    });
    const bodies = emits.map((emit) =>
      JSON.stringify({ type: emit.eventType, timestamp: new Date().toISOString(), data: emit.data }),
    );
    const jobs: Array<PeerJob[] | null> = emits.map(() => null);
    for (const row of rows) {
      const job = {
        deliveryId: row.delivery_id,
        eventId: row.event_id,
        url: row.url,
        secret: row.secret,
        body: bodies[row.n] as string,
      };
      jobs[row.n] = [...(jobs[row.n] ?? []), job];
    }
    return jobs;
  }, PEER_BATCH);
}

/** The worker's durable part: the attempt row and the delivery's status after each send. */
export function createAttemptRecorder(pool: pg.Pool): Batcher<PeerAttempt, void> {
  return createBatcher(async (attempts) => {
    await pool.query({
      ...RECORD_ATTEMPTS,
      values: [
        attempts.map((attempt) => attempt.deliveryId),
        attempts.map((attempt) => attempt.statusCode),
        attempts.map((attempt) => attempt.durationMs),
        attempts.map((attempt) => attempt.status),
      ],
    });
    return attempts.map(() => undefined);
  }, PEER_BATCH);
}
