import type { DatabaseHandle } from '../../db/client';
import { addIgnoredDeliveryStats } from '../../delivery/delivery-stats-sql';
import { type PlannedDeliveryLog, toStoredBodies } from '../../delivery/plan-delivery-logs';
import { toStoredEventPayload } from '../../delivery/render-payload';
import type { PayloadSchemaCheck } from './check-payload-schema';
import type { EmitInput } from './emit-input';
import type { EmitEvent, EmitRecord, EmitSubscription } from './emit-rows';

// The emit path's batched statements: raw SQL, one round trip per batch of concurrent emits.

export type EmitTargetRow = {
  i: number;
  is_key_valid: boolean | null;
  id: string | null;
  name: string;
  status: string;
  queue_type: string;
  body_template: Record<string, unknown> | null;
  enable_callbacks: boolean;
  priority: number | null;
  message_ttl: number | null;
  max_retries: number | null;
  schema_validation: string;
  schema_version: number | null;
  schema: Record<string, unknown> | null;
  subscriptions: EmitSubscription[] | null;
};

// One round trip for the emit reads of a whole batch: per (application, alias, key hash) asked,
// the key check, the event and its subscriptions.
const LOAD_EMIT_TARGETS = `
  SELECT k.i::int AS i, a.api_key_hash = k.key_hash AS is_key_valid,
    e.id, e.name, e.status, e.queue_type, e.body_template, e.enable_callbacks,
    e.priority, e.message_ttl, e.max_retries, e.schema_validation, e.schema_version,
    -- An event that checks nothing does not carry its schema into the cache.
    CASE WHEN e.schema_validation <> 'OFF' THEN e.schema END AS schema,
    (SELECT json_agg(json_build_object('id', s.id, 'status', s.status, 'filters', s.filters,
        'jsonBody', s.json_body, 'targetUrl', s.target_url, 'httpMethod', s.http_method,
        'authType', s.auth_type, 'authDetails', s.auth_details, 'clientTls', s.client_tls, 'secret', s.secret,
        'maxInFlight', s.max_in_flight, 'rateLimitPerSecond', s.rate_limit_per_second,
        'outboundProxy', a.outbound_proxy)
        ORDER BY s.created_at, s.id)
      FROM subscriptions s WHERE s.event_id = e.id AND s.status IN ('ACTIVE', 'FAILED')) AS subscriptions
  FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS k(application_id, alias, key_hash, i)
  JOIN applications a ON a.id = k.application_id
  -- Both key columns from k, so the (application_id, alias) key is probed whatever the statistics say.
  LEFT JOIN events e ON e.application_id = k.application_id AND e.alias = k.alias`;

/** Per (application, alias, key hash) asked, in order: the key check, the event and its subscriptions. */
export function selectEmitTargets(
  database: DatabaseHandle,
  applicationIds: string[],
  aliases: string[],
  apiKeyHashes: (string | null)[],
) {
  return database.query<EmitTargetRow>(
    LOAD_EMIT_TARGETS,
    [applicationIds, aliases, apiKeyHashes],
    'load_emit_targets',
  );
}

// A key older than the window no longer answers: free it so the new emit can take it.
const EXPIRE_KEYS = `
  DELETE FROM occurrence_keys k
  USING jsonb_to_recordset($1::jsonb) AS r(application_id uuid, idempotency_key text)
  WHERE k.application_id = r.application_id AND k.idempotency_key = r.idempotency_key
    AND k.created_at <= $2::timestamptz`;

// One statement, so atomic without a transaction: the idempotency keys, occurrences (one whose key
// was taken is skipped), then the delivery logs (and the figures of the IGNORED ones) and event logs of the
// occurrences actually inserted.
const INSERT_EMITS = `
  WITH k AS (
    -- The keys come apart ($7): the occurrences' text, data and payload included, is parsed once.
    INSERT INTO occurrence_keys (application_id, idempotency_key, occurrence_id, created_at)
    SELECT application_id, idempotency_key, id, created_at
    FROM json_to_recordset($7::json) AS r(id uuid, application_id uuid, idempotency_key text, created_at timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING occurrence_id
  ), o AS (
    INSERT INTO occurrences (id, event_id, application_id, event_type, data, headers, payload,
      external_event_id, organization_id, idempotency_key, response, callback_pending, created_at, trace_parent,
      schema_version, schema_violations)
    SELECT id, event_id, application_id, event_type, data, headers, payload,
      external_event_id, organization_id, idempotency_key, response, callback_pending, created_at, trace_parent,
      schema_version, schema_violations
    FROM json_to_recordset($1::json) AS r(id uuid, event_id uuid, application_id uuid, event_type text,
      data json, headers jsonb, payload json, external_event_id text, organization_id text,
      idempotency_key text, response jsonb, callback_pending boolean, created_at timestamptz, trace_parent text,
      schema_version int, schema_violations jsonb)
    WHERE r.idempotency_key IS NULL OR r.id IN (SELECT occurrence_id FROM k)
    ON CONFLICT DO NOTHING
    RETURNING id
  ), d AS (
    -- A FIFO log takes its place in the emit order here, in the order of the batch (its emits'
    -- order of acceptance); the FIFO batches run one at a time (record-emits.ts).
    INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, error_message,
      outsider_error_message, event_data_received, payload_sent, next_attempt_at, processed_at, lease_until, leased_by,
      created_at, updated_at, ordering_key, fifo_seq)
    SELECT r.id, r.occurrence_id, r.subscription_id, r.event_id, r.status, r.error_message,
      r.outsider_error_message, r.event_data_received, r.payload_sent, r.next_attempt_at, r.processed_at,
      CASE WHEN r.leased_by IS NULL THEN NULL ELSE $3::timestamptz END,
      r.leased_by, r.created_at, r.created_at, r.ordering_key,
      CASE WHEN r.ordering_key IS NOT NULL THEN nextval('delivery_fifo_seq') END
    FROM json_to_recordset($2::json) AS r(id uuid, occurrence_id uuid, subscription_id uuid,
      event_id uuid, status text, error_message text, outsider_error_message text,
      event_data_received json, payload_sent json,
      next_attempt_at timestamptz, processed_at timestamptz, leased_by text, created_at timestamptz,
      ordering_key text, fifo_n int)
    WHERE r.occurrence_id IN (SELECT id FROM o)
    ORDER BY r.fifo_n
    RETURNING subscription_id, status, created_at
  ), ignored AS (${addIgnoredDeliveryStats('d')}
  ), l AS (
    -- No payload: the occurrence holds it (readers take COALESCE(l.payload, o.payload, o.data)).
    INSERT INTO event_logs (id, event_id, event_type, organization_id, external_event_id, queue_type,
      status, application_id, event_definition_id, route_id, created_at, updated_at, written_by)
    SELECT r.id, r.event_id, r.event_type, r.organization_id, r.external_event_id, r.queue_type,
      'PENDING', r.application_id, r.event_definition_id, r.route_id, r.created_at, r.created_at, $6
    FROM json_to_recordset($4::json) AS r(id uuid, event_id uuid, event_type text,
      organization_id text, external_event_id text, queue_type text,
      application_id uuid, event_definition_id uuid, route_id uuid, created_at timestamptz)
    WHERE r.event_id IN (SELECT id FROM o)
    RETURNING 1
  ), i AS (
    -- Requests to a route's ingest URL: kept whether their occurrence went in (ACCEPTED) or its
    -- key was taken by the sender's earlier delivery (DUPLICATE, linked to that one's log).
    INSERT INTO inbound_requests (id, route_id, application_id, method, path, headers, body, content_type,
      size_bytes, verification_type, is_verified, status, event_type, delivery_id, event_log_id, created_at,
      schema_version, schema_violations)
    SELECT r.id, r.route_id, r.application_id, r.method, r.path, r.headers, decode(r.body, 'base64'),
      r.content_type, r.size_bytes, r.verification_type, true,
      CASE WHEN r.occurrence_id IN (SELECT id FROM o) THEN 'ACCEPTED' ELSE 'DUPLICATE' END,
      r.event_type, r.delivery_id,
      CASE WHEN r.occurrence_id IN (SELECT id FROM o) THEN r.event_log_id
        ELSE (SELECT p.id FROM occurrence_keys q JOIN event_logs p ON p.event_id = q.occurrence_id
          WHERE q.application_id = r.application_id AND q.idempotency_key = r.idempotency_key LIMIT 1) END,
      r.created_at, r.schema_version, r.schema_violations
    FROM json_to_recordset($5::json) AS r(id uuid, route_id uuid, application_id uuid, method text,
      path text, headers jsonb, body text, content_type text, size_bytes int, verification_type text,
      event_type text, delivery_id text, occurrence_id uuid, event_log_id uuid, idempotency_key text,
      created_at timestamptz, schema_version int, schema_violations jsonb)
    -- A reprocess sends a kept request again: the request stays as it was received, and its new
    -- log is added beside the earlier ones.
    ON CONFLICT (id) DO UPDATE SET reprocess_event_log_ids =
      inbound_requests.reprocess_event_log_ids || excluded.event_log_id
      WHERE excluded.event_log_id IS NOT NULL
    RETURNING 1
  )
  SELECT id FROM o`;

/** Frees each (application, key) whose occurrence was created at or before `cutoff`. */
export async function expireIdempotencyKeys(
  database: DatabaseHandle,
  keys: { application_id: string; idempotency_key: string | null }[],
  cutoff: string,
) {
  await database.query(EXPIRE_KEYS, [JSON.stringify(keys), cutoff], 'expire_idempotency_keys');
}

/** Writes the records in one statement; answers the ids of the occurrences actually inserted. */
export async function insertEmits(
  database: DatabaseHandle,
  records: EmitRecord[],
  /** Of the deliveries handed over at birth to this process's engine. */
  leaseUntil: Date,
  /** This process's incarnation, kept on its event logs (see `republishOwnUnpublished`). */
  writtenBy: string,
): Promise<Set<string>> {
  const rows = await database.query<{ id: string }>(
    INSERT_EMITS,
    [
      JSON.stringify(records.map((record) => record.occurrence)),
      JSON.stringify(numberFifoLogs(records.flatMap((record) => record.deliveryLogs))),
      leaseUntil,
      JSON.stringify(records.flatMap((record) => (record.eventLog ? [record.eventLog] : []))),
      JSON.stringify(records.flatMap(inboundRowOf)),
      writtenBy,
      JSON.stringify(records.flatMap(idempotencyKeyOf)),
    ],
    'insert_emits',
  );
  return new Set(rows.map((row) => row.id));
}

/** The idempotency key an occurrence takes, if it has one. */
function idempotencyKeyOf({ occurrence }: EmitRecord) {
  if (occurrence.idempotency_key === null) return [];
  const { id, application_id, idempotency_key, created_at } = occurrence;
  return [{ id, application_id, idempotency_key, created_at }];
}

/** A FIFO batch's logs numbered in acceptance order, the order in which they take their place. */
function numberFifoLogs(logs: EmitRecord['deliveryLogs']) {
  if (logs[0]?.ordering_key === undefined) return logs;
  return logs.map((log, index) => ({ ...log, fifo_n: index }));
}

/** The inbound request of a record as the statement reads it, with what links it to its emit. */
function inboundRowOf({ inboundRequest, occurrence, eventLog }: EmitRecord) {
  if (!inboundRequest) return [];
  return [
    {
      ...inboundRequest,
      event_type: occurrence.event_type,
      occurrence_id: occurrence.id,
      event_log_id: eventLog?.id ?? null,
      idempotency_key: occurrence.idempotency_key,
    },
  ];
}

const NO_OWN_BODY = Symbol('no own body');

/**
 * The body an immediate emit's only delivery renders from its subscription's jsonBody, which the
 * occurrence then holds in place of its log: the log row is written twice (pending, then settled,
 * the first version left as free space) and the occurrence once. Nothing but
 * `COALESCE(d.payload_sent, o.payload, o.data)` reads an immediate occurrence's payload.
 */
function soleOwnBody(emit: {
  eventLogId: string | null;
  deliveryLogs: PlannedDeliveryLog[];
  payload: unknown;
}) {
  const [only, ...others] = emit.deliveryLogs;
  if (emit.eventLogId || !only || others.length > 0 || only.payloadSent === emit.payload) return NO_OWN_BODY;
  return only.payloadSent;
}

/**
 * The columns of one emit as INSERT_EMITS writes them: the occurrence, then its delivery logs (an
 * immediate event) or its event log (`eventLogId`, a queued one).
 */
export function toEmitRecord(emit: {
  input: EmitInput;
  event: EmitEvent;
  occurrenceId: string;
  idempotencyKey: string | null;
  headers: Record<string, string>;
  payload: unknown;
  /** Kept with the occurrence to answer a repeat of the key. */
  answer: unknown;
  timestamp: string;
  traceParent: string | null;
  /** The schema check of a WARN or ENFORCE event; null when it checks nothing. */
  schemaCheck: PayloadSchemaCheck | null;
  deliveryLogs: PlannedDeliveryLog[];
  leasedBy: string | null;
  eventLogId: string | null;
  /** A FIFO event's key ('' for the whole stream); null for every other queue type. */
  orderingKey?: string | null;
}): EmitRecord {
  const { input, event, occurrenceId, idempotencyKey, payload, timestamp, traceParent } = emit;
  const ownBody = soleOwnBody(emit);
  return {
    occurrence: {
      id: occurrenceId,
      event_id: event.id,
      application_id: input.applicationId,
      event_type: input.eventType,
      data: input.data,
      // Only a queued event's filters read the request headers later (its deliveries are planned
      // when the consumer takes it); an immediate one's ran before this insert and no screen shows
      // them, so it does not pay ~250 bytes an emit for them.
      headers: emit.eventLogId ? emit.headers : {},
      payload: ownBody === NO_OWN_BODY ? toStoredEventPayload(event.bodyTemplate, payload) : ownBody,
      external_event_id: input.externalEventId ?? null,
      organization_id: input.organizationId ?? null,
      idempotency_key: idempotencyKey,
      // Read only to answer a repeat of the key: an emit without one does not pay for it.
      response: idempotencyKey ? emit.answer : null,
      callback_pending: event.enableCallbacks,
      created_at: timestamp,
      ...(traceParent ? { trace_parent: traceParent } : {}),
      ...(emit.schemaCheck
        ? {
            schema_version: emit.schemaCheck.version,
            schema_violations: emit.schemaCheck.violations.length > 0 ? emit.schemaCheck.violations : null,
          }
        : {}),
    },
    deliveryLogs: emit.deliveryLogs.map((log) => ({
      id: log.id,
      occurrence_id: occurrenceId,
      subscription_id: log.subscriptionId,
      event_id: event.id,
      status: log.status,
      error_message: log.errorMessage,
      outsider_error_message: log.outsiderErrorMessage,
      ...toStoredBodies(log, ownBody === NO_OWN_BODY ? payload : ownBody),
      next_attempt_at: log.nextAttemptAt?.toISOString() ?? null,
      processed_at: log.processedAt?.toISOString() ?? null,
      leased_by: log.status === 'PENDING' ? emit.leasedBy : null,
      created_at: timestamp,
      // Only a FIFO event's logs carry the key: the others' rows stay as they were, field for field.
      ...(emit.orderingKey == null ? {} : { ordering_key: emit.orderingKey }),
    })),
    eventLog: emit.eventLogId
      ? {
          id: emit.eventLogId,
          event_id: occurrenceId,
          event_type: input.eventType,
          organization_id: input.organizationId ?? input.applicationId,
          external_event_id: input.externalEventId ?? null,
          queue_type: event.queueType,
          application_id: input.applicationId,
          event_definition_id: event.id,
          route_id: null,
          created_at: timestamp,
        }
      : null,
  };
}
