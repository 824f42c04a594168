import type { AppContext } from '../../context';
import { type Batcher, createBatcher } from '../../lib/batcher';

/** Column values of one emit, as the batch statement reads them (snake_case, JSON-ready). */
export type EmitRecord = {
  occurrence: {
    id: string;
    /** Null for a POST /emit-rules, which names no event. */
    event_id: string | null;
    application_id: string;
    event_type: string;
    data: unknown;
    headers: Record<string, string>;
    payload: unknown;
    external_event_id: string | null;
    organization_id: string | null;
    idempotency_key: string | null;
    response: unknown;
    /** The event has callbacks on: its report is due once every delivery is final. */
    callback_pending: boolean;
    created_at: string;
  };
  deliveryLogs: Array<{
    id: string;
    occurrence_id: string;
    subscription_id: string;
    event_id: string;
    status: string;
    error_message: string | null;
    outsider_error_message: string | null;
    event_data_received: unknown;
    payload_sent: unknown;
    next_attempt_at: string | null;
    processed_at: string | null;
    /** Leased at birth to this process's delivery worker, which sends it without a claim. */
    leased_by: string | null;
    created_at: string;
  }>;
  eventLog: {
    id: string;
    event_id: string;
    event_type: string;
    organization_id: string;
    external_event_id: string | null;
    queue_type: string;
    payload: unknown;
    application_id: string;
    event_definition_id: string | null;
    created_at: string;
  } | null;
};

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

// A key older than the window no longer answers: free it so the new emit can take it.
const EXPIRE_KEYS = `
  UPDATE occurrences o SET idempotency_key = NULL
  FROM jsonb_to_recordset($1::jsonb) AS r(application_id uuid, idempotency_key text)
  WHERE o.application_id = r.application_id AND o.idempotency_key = r.idempotency_key
    AND o.created_at <= $2::timestamptz`;

// One statement, so atomic without a transaction: occurrences (a repeated idempotency key is
// skipped), then the delivery logs and event logs of the occurrences actually inserted.
const INSERT_EMITS = `
  WITH o AS (
    INSERT INTO occurrences (id, event_id, application_id, event_type, data, headers, payload,
      external_event_id, organization_id, idempotency_key, response, callback_pending, created_at)
    SELECT id, event_id, application_id, event_type, data, headers, payload,
      external_event_id, organization_id, idempotency_key, response, callback_pending, created_at
    FROM json_to_recordset($1::json) AS r(id uuid, event_id uuid, application_id uuid, event_type text,
      data json, headers jsonb, payload json, external_event_id text, organization_id text,
      idempotency_key text, response jsonb, callback_pending boolean, created_at timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id
  ), d AS (
    INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, error_message,
      outsider_error_message, event_data_received, payload_sent, next_attempt_at, processed_at, lease_until, leased_by,
      created_at, updated_at)
    SELECT r.id, r.occurrence_id, r.subscription_id, r.event_id, r.status, r.error_message,
      r.outsider_error_message, r.event_data_received, r.payload_sent, r.next_attempt_at, r.processed_at,
      CASE WHEN r.leased_by IS NULL THEN NULL
        ELSE clock_timestamp() + $3::int * interval '1 millisecond' END,
      r.leased_by, r.created_at, r.created_at
    FROM json_to_recordset($2::json) AS r(id uuid, occurrence_id uuid, subscription_id uuid,
      event_id uuid, status text, error_message text, outsider_error_message text,
      event_data_received json, payload_sent json,
      next_attempt_at timestamptz, processed_at timestamptz, leased_by text, created_at timestamptz)
    WHERE r.occurrence_id IN (SELECT id FROM o)
    RETURNING 1
  ), l AS (
    INSERT INTO event_logs (id, event_id, event_type, organization_id, external_event_id, queue_type,
      status, payload, application_id, event_definition_id, created_at, updated_at)
    SELECT r.id, r.event_id, r.event_type, r.organization_id, r.external_event_id, r.queue_type,
      'PENDING', r.payload, r.application_id, r.event_definition_id, r.created_at, r.created_at
    FROM json_to_recordset($4::json) AS r(id uuid, event_id uuid, event_type text,
      organization_id text, external_event_id text, queue_type text, payload json,
      application_id uuid, event_definition_id uuid, created_at timestamptz)
    WHERE r.event_id IN (SELECT id FROM o)
    RETURNING 1
  )
  SELECT id FROM o`;

const batchers = new WeakMap<AppContext, Batcher<EmitRecord, boolean>>();

/**
 * Records an emit: its occurrence and its delivery or event logs, atomically.
 * Concurrent emits are written together in one statement (group commit); one
 * bad record (an event deleted meanwhile, say) fails only its own emit.
 * False when the occurrence's idempotency key was already taken.
 */
export async function recordEmit(ctx: AppContext, record: EmitRecord): Promise<boolean> {
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = createBatcher(
      async (records: EmitRecord[]) => {
        const inserted = await insertTogether(ctx, records);
        return records.map((record) => inserted.has(record.occurrence.id));
      },
      { maxSize: 200, maxInFlight: 3, isolateFailures: true },
    );
    batchers.set(ctx, batcher);
  }
  return batcher.submit(record);
}

async function insertTogether(ctx: AppContext, records: EmitRecord[]): Promise<Set<string>> {
  const keyed = records.filter((record) => record.occurrence.idempotency_key !== null);
  if (keyed.length > 0) {
    const keys = keyed.map(({ occurrence }) => ({
      application_id: occurrence.application_id,
      idempotency_key: occurrence.idempotency_key,
    }));
    const cutoff = new Date(ctx.clock().getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    await ctx.database.query(EXPIRE_KEYS, [JSON.stringify(keys), cutoff], 'expire_idempotency_keys');
  }
  const rows = await ctx.database.query<{ id: string }>(
    INSERT_EMITS,
    [
      JSON.stringify(records.map((record) => record.occurrence)),
      JSON.stringify(records.flatMap((record) => record.deliveryLogs)),
      ctx.config.DELIVERY_LEASE_MS,
      JSON.stringify(records.flatMap((record) => (record.eventLog ? [record.eventLog] : []))),
    ],
    'insert_emits',
  );
  return new Set(rows.map((row) => row.id));
}
