import type { AppContext } from '../../context';
import { type Batcher, createBatcher } from '../../lib/batcher';
import { IDEMPOTENCY_WINDOW_MS } from '../../lib/idempotency-window';
import { workerIncarnation } from '../../lib/worker-identity';
import { expireIdempotencyKeys, insertEmits } from './batch-queries';

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
    /** The emit span's traceparent; absent while tracing is off, so nothing is sent or stored. */
    trace_parent?: string;
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
    application_id: string;
    event_definition_id: string | null;
    /** The route whose inbound request made this rules log (only its rules run); null otherwise. */
    route_id: string | null;
    created_at: string;
  } | null;
  /**
   * The request to a route's ingest URL this emit comes from, kept in the same statement: ACCEPTED
   * with this event log, or DUPLICATE (and linked to the first one's log) when the occurrence's
   * idempotency key was taken. A request already kept (a reprocess) is updated in place.
   */
  inboundRequest?: {
    id: string;
    route_id: string;
    application_id: string;
    method: string;
    path: string;
    headers: Record<string, string>;
    /** The bytes received, base64. */
    body: string;
    content_type: string | null;
    size_bytes: number;
    verification_type: string | null;
    delivery_id: string | null;
    created_at: string;
  } | null;
};

const batchers = new WeakMap<AppContext, Batcher<EmitRecord, boolean>>();
const writers = new WeakMap<AppContext, { prefix: string; id: string }>();

/**
 * Who writes this process's event logs: `emit:<WORKER_ID>#<incarnation>`, one per process (per
 * context). Its next incarnation republishes at start what this one wrote and may not have published.
 */
export function emitWriter(ctx: AppContext) {
  let writer = writers.get(ctx);
  if (!writer) {
    writer = workerIncarnation('emit', ctx.config.workerName);
    writers.set(ctx, writer);
  }
  return writer;
}

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
    await expireIdempotencyKeys(ctx.database, keys, cutoff);
  }
  const leaseUntil = new Date(ctx.clock().getTime() + ctx.config.DELIVERY_LEASE_MS);
  return insertEmits(ctx.database, records, leaseUntil, emitWriter(ctx).id);
}
