import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

export const occurrences = pgTable(
  'occurrences',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id'),
    applicationId: uuid('application_id').notNull(),
    eventType: text('event_type').notNull(),
    /** json, not jsonb (as every payload here): the text as emitted, keys in their order. */
    data: json('data').$type<unknown>().notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * What its deliveries send unless a log stores its own: the event's bodyTemplate rendered, or,
     * for an immediate emit with one delivery, that subscription's jsonBody rendered. Null: the data
     * (an event without bodyTemplate, or a POST /emit-rules).
     */
    payload: json('payload').$type<unknown>(),
    externalEventId: text('external_event_id'),
    organizationId: text('organization_id'),
    idempotencyKey: text('idempotency_key'),
    response: jsonb('response').$type<unknown>(),
    callbackSentAt: tz('callback_sent_at'),
    /** The event has callbacks on and the report has not gone yet. */
    callbackPending: boolean('callback_pending').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** W3C traceparent of the emit's span, for its deliveries' spans; null while tracing is off. */
    traceParent: text('trace_parent'),
    /** The event's schema version a WARN or ENFORCE emit was checked against. */
    schemaVersion: integer('schema_version'),
    /** Under WARN, where the payload broke the schema; null when it did not or nothing was checked. */
    schemaViolations: jsonb('schema_violations').$type<{ path: string; message: string }[]>(),
  },
  (table) => [
    index('occurrences_event_idx').on(table.eventId),
    index('occurrences_callback_pending_idx').on(table.createdAt).where(sql`${table.callbackPending}`),
  ],
);

/**
 * The idempotency keys of the last 24 hours, one per application: a unique key on the partitioned
 * `occurrences` would have to contain its id.
 */
export const occurrenceKeys = pgTable(
  'occurrence_keys',
  {
    applicationId: uuid('application_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    occurrenceId: uuid('occurrence_id').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.idempotencyKey] }),
    index('occurrence_keys_created_idx').on(table.createdAt),
  ],
);

export const deliveryLogs = pgTable(
  'delivery_logs',
  {
    id: uuid('id').primaryKey(),
    occurrenceId: uuid('occurrence_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    eventId: uuid('event_id'),
    status: text('status').notNull(),
    httpStatusCode: integer('http_status_code'),
    responseBody: text('response_body'),
    errorMessage: text('error_message'),
    /** error_message without the emitter's header values, for non-members; null when the same. */
    outsiderErrorMessage: text('outsider_error_message'),
    /** Null: the occurrence's data (a log stores only what differs from its occurrence). */
    eventDataReceived: json('event_data_received').$type<unknown>(),
    /** The text first sent: every attempt sends these same bytes. Null: the occurrence's payload. */
    payloadSent: json('payload_sent').$type<unknown>(),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at'),
    /** A worker owns a claimed delivery until its lease ends; an expired lease is claimed again. */
    leaseUntil: tz('lease_until'),
    leasedBy: text('leased_by'),
    processedAt: tz('processed_at'),
    /** When a subscription's recover re-queued it: a recover takes each delivery once. */
    recoveredAt: tz('recovered_at'),
    /** A FIFO event's delivery: its key ('' for the whole stream); null for every other queue type. */
    orderingKey: text('ordering_key'),
    /** Its place in the emit order (sequence delivery_fifo_seq, taken in the emit's statement). */
    fifoSeq: bigint('fifo_seq', { mode: 'number' }),
    /** A FAILED FIFO delivery passed over by POST /logs/{id}/skip, so its held key moves on. */
    skippedAt: tz('skipped_at'),
    skipReason: text('skip_reason'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // Only what the delivery workers claim.
    index('delivery_logs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('PENDING', 'RETRYING')`),
    // Every list, newest first (read backwards); a status filter is an index condition on its last column.
    index('delivery_logs_created_status_idx').on(table.createdAt, table.id, table.status),
    index('delivery_logs_subscription_idx').on(table.subscriptionId, table.createdAt),
    index('delivery_logs_event_idx').on(table.eventId, table.createdAt),
    index('delivery_logs_occurrence_idx').on(table.occurrenceId),
    // The head of each FIFO key (its oldest open delivery), and what holds a HOLD key.
    index('delivery_logs_fifo_open_idx')
      .on(table.subscriptionId, table.orderingKey, table.fifoSeq)
      .where(sql`${table.orderingKey} IS NOT NULL AND ${table.status} IN ('PENDING', 'RETRYING')`),
    index('delivery_logs_fifo_held_idx')
      .on(table.subscriptionId, table.orderingKey, table.fifoSeq)
      .where(
        sql`${table.orderingKey} IS NOT NULL AND ${table.status} = 'FAILED' AND ${table.skippedAt} IS NULL`,
      ),
  ],
);

export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryLogId: uuid('delivery_log_id').notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    startedAt: tz('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    httpStatusCode: integer('http_status_code'),
    errorMessage: text('error_message'),
    responseBody: text('response_body'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (table) => [index('delivery_attempts_log_idx').on(table.deliveryLogId, table.attemptNumber)],
);

export const eventLogs = pgTable(
  'event_logs',
  {
    id: uuid('id').primaryKey(),
    /** The occurrence id. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    organizationId: text('organization_id').notNull(),
    externalEventId: text('external_event_id'),
    queueType: text('queue_type').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** Reprocess requests (the console's n/3). */
    retryCount: integer('retry_count').notNull().default(0),
    /** Automatic retries of the current round, bounded by the event's maxRetries. */
    autoRetryCount: integer('auto_retry_count').notNull().default(0),
    /** Null: the occurrence's payload (or its data), which the log no longer copies. */
    payload: json('payload').$type<unknown>(),
    errorMessage: text('error_message'),
    applicationId: uuid('application_id').notNull(),
    eventDefinitionId: uuid('event_definition_id'),
    /** The route whose inbound request made this rules log (only its rules run); null otherwise. */
    routeId: uuid('route_id'),
    /** A rules log's evaluation of its candidate rules (bounded reasons), written when it settles. */
    ruleEvaluations: jsonb('rule_evaluations').$type<unknown[]>(),
    /** The process incarnation that wrote it (`emit:<WORKER_ID>#…`), for its republish after a crash. */
    writtenBy: text('written_by'),
    processedAt: tz('processed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('event_logs_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('event_logs_status_idx').on(table.status, table.createdAt.desc()),
    index('event_logs_app_idx').on(table.applicationId, table.createdAt.desc()),
    index('event_logs_event_idx').on(table.eventId),
    index('event_logs_search_idx').using(
      'gin',
      table.eventType.op('gin_trgm_ops'),
      table.organizationId.op('gin_trgm_ops'),
      table.errorMessage.op('gin_trgm_ops'),
    ),
    index('event_logs_external_idx').on(table.externalEventId),
  ],
);

/** Per (subscription, status) delivery log counts, kept by triggers (0300); sum over shards. */
export const deliveryLogCounts = pgTable(
  'delivery_log_counts',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.status, table.shard] })],
);

/** Per (subscription, minute): attempts by outcome and IGNORED deliveries (0650); read by `readDeliveryStats`. */
export const deliveryStatsMinutes = pgTable(
  'delivery_stats_minutes',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    minute: tz('minute').notNull(),
    success: integer('success').notNull().default(0),
    retrying: integer('retrying').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    ignored: integer('ignored').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.minute] }),
    index('delivery_stats_minutes_minute_idx').on(table.minute),
  ],
);

/** Per (subscription, minute, duration bucket): how many attempts took that long (0650). */
export const deliveryDurationMinutes = pgTable(
  'delivery_duration_minutes',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    minute: tz('minute').notNull(),
    durationBucket: smallint('duration_bucket').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.minute, table.durationBucket] })],
);
