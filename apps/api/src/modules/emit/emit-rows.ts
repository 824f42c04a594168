import type { events, subscriptions } from '../../db/schema';
import type { StoredOutboundProxy } from '../../db/schema/applications';

// What the emit path's batched statements (batch-queries.ts) read and write, shared with the
// files that batch them (load-emit-target.ts, record-emits.ts).

export type EmitEvent = Pick<
  typeof events.$inferSelect,
  | 'id'
  | 'name'
  | 'status'
  | 'queueType'
  | 'bodyTemplate'
  | 'enableCallbacks'
  | 'priority'
  | 'messageTtl'
  | 'maxRetries'
  | 'schemaValidation'
  | 'schemaVersion'
  /** Read only when schemaValidation is not OFF. */
  | 'schema'
>;

export type EmitSubscription = Pick<
  typeof subscriptions.$inferSelect,
  | 'id'
  | 'status'
  | 'filters'
  | 'jsonBody'
  | 'targetUrl'
  | 'httpMethod'
  | 'authType'
  | 'authDetails'
  | 'clientTls'
  | 'secret'
  | 'maxInFlight'
  | 'rateLimitPerSecond'
> & {
  /** Its application's own egress proxy (password sealed); null: the global one. */
  outboundProxy?: StoredOutboundProxy | null;
};

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
    /** The schema version a WARN or ENFORCE emit was checked against, and what WARN let through. */
    schema_version?: number | null;
    schema_violations?: { path: string; message: string }[] | null;
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
    /** A FIFO event's key ('' for the whole stream); absent for every other queue type. */
    ordering_key?: string;
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
   * idempotency key was taken. A request already kept (a reprocess) stays as it was received and
   * gains this event log in its list of reprocess logs.
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
    /** As on the occurrence: the event type's schema version and what WARN let through. */
    schema_version?: number | null;
    schema_violations?: { path: string; message: string }[] | null;
  } | null;
};
